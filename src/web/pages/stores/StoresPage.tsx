import { Store as StoreIcon } from 'lucide-react';
import { Link } from '../../components/Link';
import { usePageTitle } from '../../app/usePageTitle';
import { STORES_ERROR, useStores } from '../../api/catalog';
import { StoreLogo } from './StoreLogo';
import { skeletonKeys } from '../../lib/skeleton-keys';

const GRID = 'grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4';

/** /stores (docs/notes/web-everyday.md): every shop, by name, with how many of its deals are live; each leads to its page. */
export default function StoresPage() {
  usePageTitle('Shops');
  const stores = useStores();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Shops</h1>
      <p className="mt-1 text-slate-600">Every shop our members have found deals at, with the deals running there now.</p>
      <div className="mt-6">
        {stores.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {STORES_ERROR}
          </p>
        ) : stores.isLoading ? (
          <div className={GRID} aria-hidden="true" data-testid="stores-loading">
            {skeletonKeys(12).map((key) => (
              <div key={key} className="h-[4.5rem] animate-pulse rounded-xl bg-slate-200" />
            ))}
          </div>
        ) : !stores.data?.length ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No stores found</p>
        ) : (
          <ul className={GRID} data-testid="store-list">
            {stores.data.map((s) => (
              <li key={s.id}>
                <Link
                  to={`/stores/${s.id}`}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition hover:border-emerald-300 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
                >
                  <StoreLogo name={s.name} logoUrl={s.logoUrl} size={44} />
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{s.name}</span>
                    <span className="flex items-center gap-1 text-sm text-slate-600">
                      <StoreIcon className="h-3.5 w-3.5" aria-hidden="true" />
                      {s.dealsCount} live {s.dealsCount === 1 ? 'deal' : 'deals'}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
