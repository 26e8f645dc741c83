import { PostVoucherForm } from '../../components/voucher/PostVoucherForm';
import { StoreVoucherList } from '../../components/voucher/VoucherList';

/** A shop page's Vouchers section (docs/notes/vouchers-follows.md): its codes and "Share a voucher". Its own chunk. */
export default function StoreVouchers({ storeId, storeName }: { storeId: number; storeName: string }) {
  return (
    <section aria-labelledby="store-vouchers-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="store-vouchers-heading" className="text-xl font-bold text-slate-900">
          Vouchers for {storeName}
        </h2>
        <PostVoucherForm storeId={storeId} storeName={storeName} />
      </div>
      <p className="mt-0.5 text-sm text-slate-600">Codes that work first, by how often they worked in the last 30 days, then the newest.</p>
      <div className="mt-3">
        <StoreVoucherList storeId={storeId} />
      </div>
    </section>
  );
}
