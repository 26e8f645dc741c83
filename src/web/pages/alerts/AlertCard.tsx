import { BellOff, BellRing, Copy, Pause, Pencil, Play, Rss, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../components/Link';
import type { Alert, AlertCreate } from '../../../shared/schemas/members/alerts';
import { useUpdateAlert } from '../../api/members/alerts';
import { timeAgo } from '../../components/deal/format';
import { formatDateTime } from '../../lib/dates/dates';
import { toast } from '../../lib/toast/toast';
import { copyText } from '../deal-detail/actions/clipboard';
import { AlertForm } from './AlertForm';
import { browseHrefForAlert, describeFilters, formFromAlert } from './alert-params';

interface Props {
  alert: Alert;
  names: { category?: string; store?: string };
  onDelete: (alert: Alert) => void;
}

const small =
  'inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 disabled:opacity-50';

/** One of the member's alerts: its words and filters, pause/resume, edit in place, delete, and its private feed. */
export function AlertCard({ alert, names, onDelete }: Props) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateAlert();
  const filters = describeFilters(alert, names);
  const headingId = `alert-${alert.id}-title`;

  const save = (values: AlertCreate) => {
    // The form's paused default must not resume a paused alert: edit changes only the words, filters and frequency.
    const { paused: _paused, ...changes } = values;
    return update.mutateAsync({ id: alert.id, changes }).then(() => setEditing(false));
  };

  const copyFeed = async () => {
    if (await copyText(alert.feedUrl)) toast.success('RSS feed link copied');
    else toast.error('Could not copy the link: select it and copy it by hand');
  };

  return (
    <li
      className={`rounded-xl border bg-white p-4 shadow-sm sm:p-5 ${alert.paused ? 'border-slate-200 bg-slate-50' : 'border-slate-200'}`}
      aria-labelledby={headingId}
      data-testid="alert-card"
    >
      {editing ? (
        <>
          <h3 id={headingId} className="mb-3 text-base font-semibold text-slate-900">
            Edit alert “{alert.query}”
          </h3>
          <AlertForm initial={formFromAlert(alert)} busy={update.isPending} onSubmit={save} onCancel={() => setEditing(false)} />
        </>
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={headingId} className="break-words text-base font-semibold text-slate-900">
                {alert.paused ? (
                  <BellOff className="mr-1.5 inline h-4 w-4 text-slate-500" aria-hidden="true" />
                ) : (
                  <BellRing className="mr-1.5 inline h-4 w-4 text-emerald-600" aria-hidden="true" />
                )}
                {alert.query}
              </h3>
              <p className="mt-1 text-sm text-slate-600">
                {[filters.length ? filters.join(', ') : 'Any category, store and price', alert.frequency === 'daily' ? 'daily digest' : 'instant emails'].join(
                  ' · ',
                )}
              </p>
            </div>
            <span
              data-testid="alert-status"
              className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${alert.paused ? 'bg-slate-200 text-slate-800' : 'bg-emerald-100 text-emerald-900'}`}
            >
              {alert.paused ? 'Paused' : 'Active'}
            </span>
          </div>
          <p className="mt-2 text-xs text-slate-500">
            Created {timeAgo(alert.createdAt)}
            {alert.lastSentAt ? <> · last email {formatDateTime(new Date(alert.lastSentAt))}</> : ' · no email sent yet'}
          </p>

          <div className="mt-3 rounded-lg border border-slate-200 bg-white p-2.5">
            <div className="flex items-center gap-2">
              <Rss className="h-4 w-4 shrink-0 text-orange-600" aria-hidden="true" />
              <a
                href={alert.feedUrl}
                className="min-w-0 flex-1 truncate text-sm font-medium text-emerald-800 underline-offset-2 hover:underline"
                title={alert.feedUrl}
              >
                RSS feed of this alert
              </a>
              <button type="button" onClick={copyFeed} className={`${small} py-1`} aria-label={`Copy the RSS feed link of “${alert.query}”`}>
                <Copy className="h-4 w-4" aria-hidden="true" />
                Copy
              </button>
            </div>
            <p className="mt-1 text-xs text-slate-500">Private to you: anyone with this link can read the deals it matched.</p>
          </div>

          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className={small}
              disabled={update.isPending}
              onClick={() => update.mutate({ id: alert.id, changes: { paused: !alert.paused } })}
              aria-label={`${alert.paused ? 'Resume' : 'Pause'} alert “${alert.query}”`}
            >
              {alert.paused ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />}
              {alert.paused ? 'Resume' : 'Pause'}
            </button>
            <button type="button" className={small} onClick={() => setEditing(true)} aria-label={`Edit alert “${alert.query}”`}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </button>
            <Link to={browseHrefForAlert(alert)} className={small}>
              <Search className="h-4 w-4" aria-hidden="true" />
              See deals
            </Link>
            <button
              type="button"
              className={`${small} border-red-200 text-red-700 hover:bg-red-50 focus-visible:ring-red-500 sm:ml-auto`}
              onClick={() => onDelete(alert)}
              aria-label={`Delete alert “${alert.query}”`}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Delete
            </button>
          </div>
        </>
      )}
    </li>
  );
}
