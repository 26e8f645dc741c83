import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Bot, FileJson, Play, PlayCircle, X } from 'lucide-react';
import { useState } from 'react';
import type { ScraperLog } from '../../../../shared/api';
import { adminKeys, runAllScrapers, runScraper, useScraperLogs, useScrapers } from '../../../api/admin';
import { Spinner } from '../../../components/Spinner';
import { toast } from '../../../lib/toast';
import { PageHeader } from '../components/PageHeader';
import { btnPrimary, btnSecondary } from '../components/buttons';
import { listError } from '../components/format';

/** SPEC §3 Scraper log: completed and started have their colours; anything else is shown as failed. */
export function scraperStatus(status: string): { label: string; className: string } {
  if (status === 'completed') return { label: 'completed', className: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20' };
  if (status === 'started') return { label: 'started', className: 'bg-sky-100 text-sky-800 ring-sky-600/20' };
  return { label: 'failed', className: 'bg-red-100 text-red-800 ring-red-600/20' };
}

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

export default function ScrapersPage() {
  const qc = useQueryClient();
  const scrapers = useScrapers();
  const logs = useScraperLogs();
  const [running, setRunning] = useState<string | null>(null);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const [runError, setRunError] = useState<string | null>(null);

  const reloadLogs = () => qc.invalidateQueries({ queryKey: adminKeys.scraperLogs });
  const busy = running !== null;

  const runOne = async (source: string) => {
    setRunning(source);
    setRunError(null);
    try {
      const data = await runScraper(source);
      toast.success(data?.dataFile ? `The ${source} scraper finished: ${fileName(data.dataFile)}` : `The ${source} scraper finished`);
      qc.invalidateQueries({ queryKey: adminKeys.counts });
    } catch (err) {
      setRunError(listError(err, `Failed to run ${source} scraper`, `An error occurred while running ${source} scraper`));
    } finally {
      setRunning(null);
      reloadLogs();
    }
  };

  const runAll = async () => {
    setRunning('all');
    setRunError(null);
    try {
      await runAllScrapers();
      toast.success('All scrapers finished');
      qc.invalidateQueries({ queryKey: adminKeys.counts });
    } catch (err) {
      setRunError(listError(err, 'Failed to run all scrapers', 'An error occurred while running all scrapers'));
    } finally {
      setRunning(null);
      reloadLogs();
    }
  };

  const logsError = logs.isError && logs.error !== dismissedError ? listError(logs.error, 'Failed to fetch scraper logs', 'An error occurred while fetching scraper logs') : null;
  const errorText = runError ?? logsError;
  const dismiss = () => {
    setRunError(null);
    if (logs.isError) setDismissedError(logs.error);
  };
  const newest = logs.data?.[0];

  return (
    <div>
      <PageHeader
        title="Scrapers"
        subtitle="Import new deals from the deals website. Imported deals arrive as pending for review."
        actions={
          <button type="button" onClick={runAll} disabled={busy} className={btnPrimary}>
            {running === 'all' ? <ButtonSpinner /> : <PlayCircle className="h-4 w-4" aria-hidden="true" />}
            {running === 'all' ? 'Running...' : 'Run All Scrapers'}
          </button>
        }
      />

      {errorText && (
        <div role="alert" className="mb-6 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="flex-1">{errorText}</p>
          <button type="button" onClick={dismiss} aria-label="Dismiss error" className="rounded p-1 text-red-700 hover:bg-red-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500">
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}

      <section aria-labelledby="available-heading" className="mb-8 rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="available-heading" className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">
          Available Scrapers
        </h2>
        {scrapers.isPending ? (
          <Spinner label="Loading scrapers" />
        ) : scrapers.isError ? (
          <p role="alert" className="p-5 text-sm text-red-700">
            {listError(scrapers.error, 'Failed to fetch scrapers', 'An error occurred while fetching scrapers')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {scrapers.data.map((s) => (
              <li key={s.source} className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center" data-testid="scraper-item">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-violet-100 text-violet-700">
                  <Bot className="h-5 w-5" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">{s.name}</p>
                  <p className="text-sm text-slate-600">{s.description}</p>
                </div>
                <button type="button" onClick={() => runOne(s.source)} disabled={busy} className={btnSecondary} aria-label={`Run Scraper ${s.name}`}>
                  {running === s.source ? <ButtonSpinner /> : <Play className="h-4 w-4" aria-hidden="true" />}
                  {running === s.source ? 'Running...' : 'Run Scraper'}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="logs-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="logs-heading" className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">
          Scraper Logs
        </h2>
        {logs.isPending ? (
          <Spinner label="Loading scraper logs" />
        ) : !logs.data || logs.data.length === 0 ? (
          <p className="p-10 text-center text-sm text-slate-500">No scraper logs found</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">ID</th>
                  <th scope="col" className="px-4 py-3">Source</th>
                  <th scope="col" className="px-4 py-3">Status</th>
                  <th scope="col" className="whitespace-nowrap px-4 py-3 text-right">Deals Added</th>
                  <th scope="col" className="px-4 py-3">Date</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {logs.data.map((log) => (
                  <LogRow key={log.id} log={log} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {newest?.dataFile && (
          <p className="flex items-center gap-2 border-t border-slate-200 px-5 py-3 text-sm text-slate-600" data-testid="latest-data-file">
            <FileJson className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span>
              Latest data file: <span className="break-all font-mono text-slate-900">{fileName(newest.dataFile)}</span>
            </span>
          </p>
        )}
      </section>
    </div>
  );
}

function LogRow({ log }: { log: ScraperLog }) {
  const status = scraperStatus(log.status);
  const t = Date.parse(log.createdAt);
  return (
    <tr className="hover:bg-slate-50" data-testid="scraper-log-row">
      <td className="px-4 py-3 tabular-nums text-slate-600">{log.id}</td>
      <td className="px-4 py-3 font-medium text-slate-900">{log.source}</td>
      <td className="px-4 py-3">
        <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${status.className}`} title={log.error ?? undefined}>
          {status.label}
        </span>
        {status.label === 'failed' && log.error && <p className="mt-1 max-w-xs text-xs text-red-700">{log.error}</p>}
      </td>
      <td className="px-4 py-3 text-right tabular-nums text-slate-700">{log.dealsAdded ?? 0}</td>
      <td className="whitespace-nowrap px-4 py-3 text-slate-600">{Number.isFinite(t) ? format(t, 'MMM d, yyyy HH:mm') : '—'}</td>
    </tr>
  );
}

function ButtonSpinner() {
  return <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />;
}
