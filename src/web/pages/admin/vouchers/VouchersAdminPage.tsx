import { useSearchParams } from 'react-router';
import { successText } from '../../../../shared/domain/shops/vouchers';
import { VOUCHER_ADMIN_STATUSES } from '../../../../shared/schemas/catalog/vouchers';
import { useAdminVouchers, useDecideVoucher, useResolveVoucherReports } from '../../../api/vouchers';
import { Link } from '../../../components/Link';
import { Pagination } from '../../../components/menus/Pagination';
import { btnDangerOutline, btnPrimary, btnSecondary } from '../components/buttons';
import { PageHeader } from '../components/PageHeader';

const LABELS: Record<(typeof VOUCHER_ADMIN_STATUSES)[number], string> = { pending: 'Pending', reported: 'Reported', active: 'Live', all: 'All' };

/**
 * /admin/vouchers (docs/notes/vouchers-follows.md): beside the deals, the vouchers waiting for approval (oldest first),
 * the reported ones with their open reports, and the live ones. Approve and reject pending vouchers; dismiss, expire or
 * delete reported ones.
 */
export default function VouchersAdminPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? 'pending';
  const status = (VOUCHER_ADMIN_STATUSES as readonly string[]).includes(raw) ? raw : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useAdminVouchers(status, page);
  const decide = useDecideVoucher();
  const resolve = useResolveVoucherReports();
  const busy = decide.isPending || resolve.isPending;
  return (
    <div>
      <PageHeader title="Vouchers" subtitle="Members' voucher codes wait here for approval; reported codes wait for a decision." />
      <nav aria-label="Voucher lists" className="mb-4 flex flex-wrap gap-2">
        {VOUCHER_ADMIN_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => setParams(s === 'pending' ? {} : { status: s }, { replace: true })}
            className={status === s ? btnPrimary : btnSecondary}
          >
            {LABELS[s]}
          </button>
        ))}
      </nav>
      {list.isLoading && <p>Loading vouchers...</p>}
      {list.isError && <p role="alert">Failed to load vouchers.</p>}
      {list.data?.vouchers.length === 0 && <p className="text-slate-600">No vouchers here.</p>}
      <ul className="space-y-3" data-testid="admin-vouchers">
        {list.data?.vouchers.map((v) => (
          <li key={v.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="admin-voucher">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-xs font-semibold uppercase text-emerald-700">
                  <Link to={`/stores/${v.storeId}`}>{v.storeName}</Link>
                </p>
                <p className="font-semibold text-slate-900">{v.title}</p>
                <p className="font-mono text-sm text-slate-800">{v.code ?? 'No code needed'}</p>
                {v.conditions && <p className="text-sm text-slate-600">{v.conditions}</p>}
                <p className="mt-1 text-xs text-slate-600">
                  {v.status} · {successText(v.successRate)} · {v.answerCount} answers · {v.copyCount} copies
                  {v.postedBy && <> · by {v.postedBy.username}</>}
                  {!!v.openReports && <> · {v.openReports} open reports</>}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {v.status === 'pending' && (
                  <>
                    <button type="button" disabled={busy} className={btnPrimary} onClick={() => decide.mutate({ id: v.id, decision: 'approve' })}>
                      Approve<span className="sr-only"> {v.title}</span>
                    </button>
                    <button type="button" disabled={busy} className={btnDangerOutline} onClick={() => decide.mutate({ id: v.id, decision: 'reject' })}>
                      Reject<span className="sr-only"> {v.title}</span>
                    </button>
                  </>
                )}
                {!!v.openReports &&
                  (['dismiss', 'expire', 'delete'] as const).map((action) => (
                    <button
                      key={action}
                      type="button"
                      disabled={busy}
                      className={action === 'delete' ? btnDangerOutline : btnSecondary}
                      onClick={() => resolve.mutate({ id: v.id, action })}
                    >
                      {action === 'dismiss' ? 'Dismiss reports' : action === 'expire' ? 'Mark expired' : 'Delete'}
                    </button>
                  ))}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {list.data && list.data.totalPages > 1 && (
        <Pagination
          page={page}
          totalPages={list.data.totalPages}
          hrefFor={(p) => `?${new URLSearchParams({ ...(status === 'pending' ? {} : { status }), ...(p > 1 ? { page: String(p) } : {}) })}`}
          label="Voucher pages"
        />
      )}
    </div>
  );
}
