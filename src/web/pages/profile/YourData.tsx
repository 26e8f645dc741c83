import { useState } from 'react';
import { downloadExport, useExports, useRequestExport } from '../../api/members/account';
import { errorMessage } from '../../api/client';

const STATUS: Record<string, string> = {
  queued: 'Waiting to start',
  running: 'Being prepared',
  ready: 'Ready',
  failed: 'Failed',
  expired: 'Expired',
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '');

/** "Download my data": one archive at a time, mailed when ready, downloadable for 48 hours. */
export function YourData() {
  const exports = useExports();
  const start = useRequestExport();
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <section id="your-data" aria-labelledby="your-data-heading" className="space-y-3">
      <h2 id="your-data-heading" className="text-base font-semibold text-slate-900">
        Your data
      </h2>
      <p className="text-sm text-slate-600">
        Download a copy of everything we keep about your account: a ZIP of JSON files with a README. We email you when it is ready; the download works for 48
        hours.
      </p>
      <button
        type="button"
        onClick={() => start.mutate()}
        disabled={start.isPending}
        className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
      >
        Download my data
      </button>
      <div aria-live="polite" className="text-sm">
        {start.isError && <p className="text-red-700">{errorMessage(start.error, 'Could not start the export. Please try again.')}</p>}
        {failed && <p className="text-red-700">{failed}</p>}
      </div>
      {exports.data && exports.data.exports.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
          {exports.data.exports.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span>
                {e.member.username !== undefined && <span className="font-medium">{e.member.username}</span>} · {when(e.requestedAt)} ·{' '}
                <span data-testid="export-status">{STATUS[e.status] ?? e.status}</span>
                {e.status === 'ready' && e.expiresAt && <span className="text-slate-600"> until {when(e.expiresAt)}</span>}
              </span>
              {e.status === 'ready' && (
                <button
                  type="button"
                  className="rounded-md bg-emerald-600 px-3 py-1.5 font-semibold text-white hover:bg-emerald-700"
                  onClick={() => downloadExport(e.id).catch((err) => setFailed(errorMessage(err, 'The download failed. Please try again.')))}
                >
                  Download
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
