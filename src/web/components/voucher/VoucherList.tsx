import { useState } from 'react';
import { useStoreVouchers } from '../../api/vouchers';
import { VoucherCard } from './VoucherCard';

/** A shop's vouchers (GET /stores/{id}/vouchers): working first, then by success rate, then newest; expired ones on request. */
export function StoreVoucherList({ storeId }: { storeId: number }) {
  const [page, setPage] = useState(1);
  const [expired, setExpired] = useState(false);
  const list = useStoreVouchers(storeId, page, expired);
  const data = list.data;
  return (
    <div>
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={expired} onChange={(e) => setExpired(e.target.checked)} className="h-4 w-4 rounded border-slate-300 text-emerald-700" />
        Show expired codes
      </label>
      <div className="mt-3 grid gap-3 md:grid-cols-2" data-testid="store-vouchers">
        {list.isLoading && <p className="text-sm text-slate-600">Loading voucher codes...</p>}
        {data?.vouchers.map((v) => (
          <VoucherCard key={v.id} voucher={v} />
        ))}
      </div>
      {data && data.vouchers.length === 0 && (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">No voucher codes for this shop yet.</p>
      )}
      {data && data.totalPages > 1 && (
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className="rounded border border-slate-300 px-3 py-1 text-sm disabled:opacity-50"
          >
            Previous codes
          </button>
          <button
            type="button"
            disabled={page >= data.totalPages}
            onClick={() => setPage(page + 1)}
            className="rounded border border-slate-300 px-3 py-1 text-sm disabled:opacity-50"
          >
            More codes
          </button>
        </div>
      )}
    </div>
  );
}
