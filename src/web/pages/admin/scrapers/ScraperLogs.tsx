import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/dates/dates';
import { FileJson } from 'lucide-react';
import type { ScraperLog } from '../../../../shared/schemas/admin/scrapers';
import { dataFileName } from '../../../api/admin/admin-scrapers';
import { Spinner } from '../../../components/Spinner';
import { Panel } from '../components/Panel';
import { Table } from '../components/Table';

/** SPEC §3 Scraper log: completed and started have their colours; anything else is shown as failed. */
export function scraperStatus(status: string): { label: string; className: string } {
  if (status === 'completed') return { label: 'completed', className: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20' };
  if (status === 'started') return { label: 'started', className: 'bg-sky-100 text-sky-800 ring-sky-600/20' };
  return { label: 'failed', className: 'bg-red-100 text-red-800 ring-red-600/20' };
}

const COLUMNS = [
  { label: 'ID' },
  { label: 'Source' },
  { label: 'Status' },
  { label: 'Deals Added', className: 'whitespace-nowrap text-right' },
  { label: 'Date' },
];

/** The runs, newest first, and the data file the newest one wrote. */
export function ScraperLogs({ logs }: { logs: UseQueryResult<ScraperLog[]> }) {
  const newest = logs.data?.[0];
  return (
    <Panel id="logs-heading" title="Scraper Logs">
      {logs.isPending ? (
        <Spinner label="Loading scraper logs" />
      ) : !logs.data || logs.data.length === 0 ? (
        <p className="p-10 text-center text-sm text-slate-500">No scraper logs found</p>
      ) : (
        <Table columns={COLUMNS}>
          {logs.data.map((log) => (
            <LogRow key={log.id} log={log} />
          ))}
        </Table>
      )}
      {newest?.dataFile && (
        <p className="flex items-center gap-2 border-t border-slate-200 px-5 py-3 text-sm text-slate-600" data-testid="latest-data-file">
          <FileJson className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span>
            Latest data file: <span className="break-all font-mono text-slate-900">{dataFileName(newest.dataFile)}</span>
          </span>
        </p>
      )}
    </Panel>
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
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${status.className}`}
          title={log.error ?? undefined}
        >
          {status.label}
        </span>
        {status.label === 'failed' && log.error && <p className="mt-1 max-w-xs text-xs text-red-700">{log.error}</p>}
      </td>
      <td className="px-4 py-3 text-right tabular-nums text-slate-700">{log.dealsAdded}</td>
      <td className="whitespace-nowrap px-4 py-3 text-slate-600">{Number.isFinite(t) ? formatDateTime(new Date(t)) : '—'}</td>
    </tr>
  );
}
