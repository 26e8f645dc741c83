import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle';
import { useNewestVouchers, useVoucherShops } from '../../api/vouchers';
import { Link } from '../../components/Link';
import { Pagination } from '../../components/menus/Pagination';
import { LoadFailedPage } from '../../components/MessagePage';
import { StoreLogo } from '../stores/StoreLogo';
import { VoucherCard } from '../../components/voucher/VoucherCard';
// The shop page loads its vouchers section from this chunk, which holds the voucher components both use: the entry
// lists every page chunk by name, and the home page's first load is at its budget (docs/notes/web-weight.md).
export { default as StoreVouchers } from '../stores/StoreVouchers';

/** /vouchers (docs/notes/vouchers-follows.md): the shops with the most working codes, and the newest codes. */
export default function VouchersPage() {
  usePageTitle('Voucher codes');
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const shops = useVoucherShops();
  const newest = useNewestVouchers(page);
  if (newest.isError) return <LoadFailedPage title="Error loading voucher codes" error={newest.error} />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Voucher codes</h1>
      <p className="mt-1 text-slate-600">Codes members have checked: each shows how often it worked in the last 30 days. Share one from a shop's page.</p>

      <section aria-labelledby="voucher-shops-heading" className="mt-6">
        <h2 id="voucher-shops-heading" className="text-xl font-bold text-slate-900">
          Shops with the most working codes
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="voucher-shops">
          {shops.data?.map((s) => (
            <li key={s.storeId}>
              <Link
                to={`/stores/${s.storeId}`}
                className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white p-3 text-center hover:border-emerald-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
              >
                <StoreLogo name={s.storeName} logoUrl={s.logoUrl} size={48} />
                <span className="font-semibold text-slate-900">{s.storeName}</span>
                <span className="text-xs text-slate-600">
                  {s.workingCodes} working {s.workingCodes === 1 ? 'code' : 'codes'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {shops.data?.length === 0 && <p className="mt-3 text-slate-600">No voucher codes yet.</p>}
      </section>

      <section aria-labelledby="voucher-newest-heading" className="mt-8">
        <h2 id="voucher-newest-heading" className="text-xl font-bold text-slate-900">
          Newest codes
        </h2>
        <div className="mt-3 grid gap-3 md:grid-cols-2" data-testid="newest-vouchers">
          {newest.isLoading && <p className="text-slate-600">Loading voucher codes...</p>}
          {newest.data?.vouchers.map((v) => (
            <VoucherCard key={v.id} voucher={v} showShop />
          ))}
        </div>
        {newest.data && newest.data.totalPages > 1 && (
          <Pagination page={page} totalPages={newest.data.totalPages} hrefFor={(p) => (p === 1 ? '?' : `?page=${p}`)} label="Voucher pages" />
        )}
      </section>
    </div>
  );
}
