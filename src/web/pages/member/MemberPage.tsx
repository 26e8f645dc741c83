import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import type { Paged } from '../../api/members/members';
import { IconCircle } from '../../components/icons/IconCircle';
import { Pagination } from '../../components/menus/Pagination';

/** The frame every member page shares: a heading, a one-line description and an optional action. */
export function MemberPage({
  title,
  description,
  action,
  narrow = false,
  children,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  /** Reading-width column for text-heavy pages. */
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`mx-auto ${narrow ? 'max-w-4xl' : 'max-w-7xl'} px-4 py-8 sm:px-6 sm:py-10`}>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

export function EmptyState({ icon, title, children, action }: { icon: LucideIcon; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <IconCircle icon={icon} className="h-14 w-14 bg-emerald-50" iconClassName="h-7 w-7 text-emerald-600" />
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children && <p className="mt-1 max-w-md text-sm text-slate-600">{children}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <p className="font-medium text-red-800">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500"
      >
        Try again
      </button>
    </div>
  );
}

export const primaryLink =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2';

/** The page number from ?page=, 1 when absent or nonsense. */
export const pageFrom = (params: URLSearchParams) => {
  const n = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
};

/** Same path with ?page=n, omitted at page 1. */
export const pageHref = (pathname: string) => (page: number) => (page > 1 ? `${pathname}?page=${page}` : pathname);

/** After the last item of the last page goes away, step back to the page that still exists. */
export function useClampPage(page: number, totalPages: number | undefined) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (totalPages !== undefined && totalPages >= 1 && page > totalPages) navigate(pageHref(pathname)(totalPages), { replace: true });
  }, [page, totalPages, navigate, pathname]);
}

/** The way on from an empty member list. */
export const browseDealsLink = (
  <Link to="/dealsBrowse" className={primaryLink}>
    Browse Deals
  </Link>
);

/** A member list paged by ?page=: the page asked for, stepped back when it no longer exists, and page links. */
export function usePagedList<T>(useList: (page: number) => UseQueryResult<Paged<T>>) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = pageFrom(params);
  const list = useList(page);
  useClampPage(page, list.data?.totalPages);
  return { list, hrefFor: pageHref(pathname), total: list.data?.totalCount ?? 0 };
}

/** One page of a member list, dimmed while the next page loads, and its page links. */
export function PagedItems<T>({
  data,
  loadingNext,
  className,
  label,
  hrefFor,
  children,
}: {
  data: Paged<T>;
  loadingNext: boolean;
  className: string;
  label: string;
  hrefFor: (page: number) => string;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <ul className={`${className} transition-opacity ${loadingNext ? 'opacity-60' : ''}`} aria-busy={loadingNext}>
        {data.items.map(children)}
      </ul>
      <Pagination page={data.page} totalPages={data.totalPages} hrefFor={hrefFor} label={label} />
    </>
  );
}
