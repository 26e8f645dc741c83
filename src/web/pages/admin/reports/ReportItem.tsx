import { ExternalLink, Flame } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from '../../../components/Link';
import { REPORT_REASONS, type ReportAction, type ReportQueueItem } from '../../../../shared/schemas/admin/reports';
import { useResolveReports } from '../../../api/admin/reports';
import { isPublicStatus } from '../../../../shared/domain/deals/deal-visibility';
import { isAdmin } from '../../../../shared/domain/access/roles';
import { useAuth } from '../../../app/auth/AuthContext';
import { timeAgo } from '../../../components/deal/format';
import { formatDateTime } from '../../../lib/dates/dates';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { btnDangerOutline, btnSecondary } from '../components/buttons';
import { REASON_SHORT, RESOLUTION_WORDS, STATUS_TONE } from './report-words';
import { ReasonField } from '../components/form/ReasonField';

/** One deal in the queue: the deal, its reports (reason, note, reporter, time) and the team's three answers. */
export function ReportItem({ item }: { item: ReportQueueItem }) {
  const headingId = useId();
  const resolve = useResolveReports();
  const { user } = useAuth();
  const [reason, setReason] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { deal, resolution } = item;
  const act = (action: ReportAction) => resolve.mutate({ dealId: deal.id, action, reason }, { onSettled: () => setConfirmDelete(false) });
  const busy = resolve.isPending;
  // An expired deal cannot be expired again; dismiss or delete still apply.
  const canExpire = deal.status === 'active';

  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby={headingId} data-testid="report-item">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
        <div className="min-w-0">
          <h2 id={headingId} className="break-words text-base font-semibold text-slate-900">
            {deal.title}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${STATUS_TONE[deal.status] ?? 'bg-slate-100 text-slate-800'}`}>
              {deal.status}
            </span>
            <span className="inline-flex items-center gap-1">
              <Flame className="h-4 w-4 text-red-600" aria-hidden="true" />
              <span className="sr-only">Temperature </span>
              {deal.temperature}°
            </span>
            <span>Deal #{deal.id}</span>
            <span>
              {item.reportCount} {item.reportCount === 1 ? 'report' : 'reports'}, last {timeAgo(item.lastReportedAt)}
            </span>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {isPublicStatus(deal.status) && (
            <a href={deal.link} target="_blank" rel="noopener noreferrer" className={`${btnSecondary} px-3 py-1.5`}>
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              View deal
            </a>
          )}
          {/* The edit page (and its Votes panel) is admins' only in the web. */}
          {isAdmin(user) && (
            <Link to={`/admin/deals/edit/${deal.id}`} className={`${btnSecondary} px-3 py-1.5`}>
              Edit deal
            </Link>
          )}
        </div>
      </div>

      <div className="p-4 sm:p-5">
        <ul className="flex flex-wrap gap-2" aria-label="Reports by reason">
          {REPORT_REASONS.filter((r) => item.reasons[r] > 0).map((r) => (
            <li key={r} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-800">
              {REASON_SHORT[r]} × {item.reasons[r]}
            </li>
          ))}
        </ul>
        <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Reports">
          {item.reports.map((r) => (
            <li key={r.id} className="py-2">
              <p className="text-slate-800">
                <span className="font-semibold">{REASON_SHORT[r.reason]}</span> by <span className="font-medium">{r.reporter.username}</span>{' '}
                <span className="text-slate-500">· {formatDateTime(new Date(r.createdAt))}</span>
              </p>
              {r.note && <p className="mt-0.5 whitespace-pre-line break-words text-slate-600">“{r.note}”</p>}
            </li>
          ))}
        </ul>

        {resolution ? (
          <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="report-resolution">
            <span className="font-semibold">{RESOLUTION_WORDS[resolution.action]}</span>
            {resolution.resolvedBy ? ` by ${resolution.resolvedBy.username}` : ' without the team (community or system)'} ·{' '}
            {formatDateTime(new Date(resolution.resolvedAt))}
          </p>
        ) : (
          <div className="mt-4 border-t border-slate-200 pt-4">
            <ReasonField
              value={reason}
              onChange={setReason}
              note="optional; shown publicly in the moderation log: never name or quote a member"
              placeholder="e.g. Price confirmed on the store's site"
            />
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className={btnSecondary} disabled={busy} onClick={() => act('dismiss')}>
                Dismiss
              </button>
              <button
                type="button"
                className={btnSecondary}
                disabled={busy || !canExpire}
                onClick={() => act('expire')}
                title={canExpire ? undefined : 'The deal is not active'}
              >
                Expire deal
              </button>
              <button type="button" className={btnDangerOutline} disabled={busy} onClick={() => setConfirmDelete(true)}>
                Delete deal
              </button>
            </div>
          </div>
        )}
      </div>

      <ConfirmDialog
        open={confirmDelete}
        title="Delete this deal?"
        message={
          <>
            “{deal.title}” leaves the site and its {item.reportCount} {item.reportCount === 1 ? 'report is' : 'reports are'} resolved. An admin can reinstate it
            from the edit page.
          </>
        }
        confirmLabel="Delete deal"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => act('delete')}
        onClose={() => setConfirmDelete(false)}
      />
    </li>
  );
}
