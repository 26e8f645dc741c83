import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from '../Link';

export type PageItem = number | 'ellipsis';

/**
 * SPEC §9: page 1, the neighbours of the current page, and the last page, with an ellipsis wherever pages are skipped.
 * Pure so it can be tested on its own.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), total);
  const shown = new Set([1, page - 1, page, page + 1, total].filter((p) => p >= 1 && p <= total));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) items.push('ellipsis');
    items.push(p);
  });
  return items;
}

/** The items with React keys: a page by its number, an ellipsis by the page before it (at most one after each). */
function keyedPageItems(current: number, total: number): { item: PageItem; key: string }[] {
  let before = 0;
  return pageItems(current, total).map((item) => {
    if (item === 'ellipsis') return { item, key: `gap-after-${before}` };
    before = item;
    return { item, key: `page-${item}` };
  });
}

interface Props {
  page: number;
  totalPages: number;
  /** Links (the URL holds the page, e.g. browse) ... */
  hrefFor?: (page: number) => string;
  /** ... or buttons (the page lives in component state). */
  onPageChange?: (page: number) => void;
  label?: string;
}

const base =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500';
const idle = `${base} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`;
const active = `${base} bg-emerald-700 text-white`;
const disabled = `${base} border border-slate-200 bg-slate-50 text-slate-400`;

export function Pagination({ page, totalPages, hrefFor, onPageChange, label = 'Pagination' }: Props) {
  if (totalPages <= 1) return null;
  const control = (target: number, content: React.ReactNode, className: string, ariaLabel?: string, current = false) => {
    if (hrefFor) {
      return (
        <Link to={hrefFor(target)} className={className} aria-label={ariaLabel} aria-current={current ? 'page' : undefined}>
          {content}
        </Link>
      );
    }
    return (
      <button type="button" onClick={() => onPageChange?.(target)} className={className} aria-label={ariaLabel} aria-current={current ? 'page' : undefined}>
        {content}
      </button>
    );
  };
  const prevNext = (target: number, enabled: boolean, text: string, icon: React.ReactNode, key: string) =>
    enabled ? (
      <li key={key}>{control(target, icon, idle, text)}</li>
    ) : (
      <li key={key}>
        <span className={disabled} aria-hidden="true">
          {icon}
        </span>
      </li>
    );
  return (
    <nav aria-label={label} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1.5">
        {prevNext(page - 1, page > 1, 'Previous page', <ChevronLeft className="h-4 w-4" aria-hidden="true" />, 'prev')}
        {keyedPageItems(page, totalPages).map(({ item, key }) =>
          item === 'ellipsis' ? (
            <li key={key} className="px-1 text-slate-500" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>{control(item, item, item === page ? active : idle, `Page ${item}`, item === page)}</li>
          ),
        )}
        {prevNext(page + 1, page < totalPages, 'Next page', <ChevronRight className="h-4 w-4" aria-hidden="true" />, 'next')}
      </ul>
    </nav>
  );
}
