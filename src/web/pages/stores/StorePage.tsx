import { ExternalLink, SearchX } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle';
import { ApiError } from '../../api/client';
import { useStoreDeals, useStoreDetail } from '../../api/stores';
import { DealGrid } from '../../components/deal/DealGrid';
import { LoadFailedPage, MissingPage } from '../../components/MessagePage';
import { Pagination } from '../../components/menus/Pagination';
import { StoreLogo } from './StoreLogo';
import { BackLink } from '../../components/IconLink';

// The follow button and the vouchers section load with the page's data rather than in its chunk: the entry lists every
// page chunk's imports, and the home page's first load is at its budget (docs/notes/web-weight.md).
const FollowButton = lazy(() => import('../following/Following').then((m) => ({ default: m.FollowButton })));
// In the /vouchers page's chunk, with the voucher components they share.
const StoreVouchers = lazy(() => import('../vouchers/Vouchers').then((m) => ({ default: m.StoreVouchers })));

const parseId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** /stores/{id} (docs/notes/web-everyday.md): the shop, a link to its site, its live deals count, and its deals, live ones first. */
export default function StorePage() {
  const id = parseId(useParams().id);
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const store = useStoreDetail(id);
  const deals = useStoreDeals(store.data ? id : null, page);
  usePageTitle(store.data?.name ?? 'Shop');
  // Another page of deals starts at the top (a block body: scrollTo may return a promise).
  const shownPage = useRef(0);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    window.scrollTo(0, 0);
  }, [page]);

  if (id === null || (store.error instanceof ApiError && (store.error.status === 404 || store.error.status === 400))) {
    return (
      <MissingPage icon={SearchX} title="Store not found" way={['/stores', 'All shops']}>
        <p>We don't know this shop. It may have been removed.</p>
      </MissingPage>
    );
  }
  if (store.isError) return <LoadFailedPage title="Error loading the shop" error={store.error} />;
  const s = store.data;
  const data = deals.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <BackLink to="/stores">All shops</BackLink>
      <header className="mt-4 flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="store-header">
        {s ? <StoreLogo name={s.name} logoUrl={s.logoUrl} size={72} /> : <div className="h-[72px] w-[72px] animate-pulse rounded-lg bg-slate-200" />}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{s?.name ?? '\u00a0'}</h1>
          {s && (
            <p className="mt-1 text-sm text-slate-600" data-testid="store-counts">
              <strong className="font-semibold text-slate-900">{s.activeDeals}</strong> live {s.activeDeals === 1 ? 'deal' : 'deals'} · {s.totalDeals}{' '}
              {s.totalDeals === 1 ? 'deal' : 'deals'} shared in all
            </p>
          )}
        </div>
        {s && id !== null && (
          <Suspense fallback={null}>
            <FollowButton type="store" id={id} name={s.name} />
          </Suspense>
        )}
        {s?.url && (
          <a
            href={s.url}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            Visit {s.name}
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </header>

      {s && id !== null && (
        <Suspense fallback={<div className="mt-8 h-24" />}>
          <StoreVouchers storeId={id} storeName={s.name} />
        </Suspense>
      )}

      <section aria-labelledby="store-deals-heading" className="mt-8">
        <h2 id="store-deals-heading" className="text-xl font-bold text-slate-900">
          Deals at {s?.name ?? 'this shop'}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">Live deals first, then the ones that have ended.</p>
        <div className={`mt-4 ${deals.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
          <DealGrid
            deals={data?.deals}
            loading={store.isLoading || deals.isLoading}
            skeletons={8}
            empty={<p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No deals at this shop yet.</p>}
          />
        </div>
        {data && data.totalPages > 1 && (
          <Pagination page={page} totalPages={data.totalPages} hrefFor={(p) => (p === 1 ? '?' : `?page=${p}`)} label="Shop deal pages" />
        )}
      </section>
    </div>
  );
}
