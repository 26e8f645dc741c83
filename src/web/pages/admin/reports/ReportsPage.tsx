import { useSearchParams } from 'react-router';
import { useReportQueue } from '../../../api/admin/reports';
import { usePageTitle } from '../../../app/usePageTitle';
import { Pagination } from '../../../components/menus/Pagination';
import { Spinner } from '../../../components/Spinner';
import { PageHeader } from '../components/PageHeader';
import { listError } from '../components/format';
import { ReportItem } from './ReportItem';
import { pageFrom, tabFrom } from './report-words';

const TABS = [
  { id: 'open', label: 'Open' },
  { id: 'resolved', label: 'Resolved' },
] as const;

/**
 * /admin/reports (docs/notes/trust.md): members' reports grouped by deal, for moderators and admins. Open: dismiss, expire or
 * delete (soft) with an optional public reason. Resolved: what was decided, by whom. The tab and page live in the URL.
 */
export default function ReportsPage() {
  usePageTitle('Reports');
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('status'));
  const page = pageFrom(params.get('page'));
  const queue = useReportQueue(tab, page);
  const go = (next: { status?: 'open' | 'resolved'; page?: number }) => {
    const q = new URLSearchParams();
    const status = next.status ?? tab;
    if (status === 'resolved') q.set('status', 'resolved');
    const p = next.page ?? 1;
    if (p > 1) q.set('page', String(p));
    setParams(q);
  };
  const data = queue.data;
  // keepPreviousData shows the other tab's rows while this one loads: only show rows of the tab asked for.
  const rows = data && data.status === tab ? data : undefined;

  return (
    <div>
      <PageHeader
        title="Reports"
        subtitle={tab === 'open' ? 'Deals members have reported, most recently reported first.' : 'Reports the team or the feed has answered, newest first.'}
      />
      <nav aria-label="Report lists" className="mb-4 inline-flex rounded-lg border border-slate-300 bg-white p-1">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            aria-current={tab === t.id ? 'page' : undefined}
            onClick={() => go({ status: t.id })}
            className={`rounded-md px-4 py-1.5 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 ${
              tab === t.id ? 'bg-emerald-700 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            {t.label}
          </button>
        ))}
      </nav>

      {queue.isError && !rows ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <strong className="font-semibold">Error:</strong> {listError(queue.error, 'Failed to fetch reports', 'An error occurred while fetching reports')}
        </div>
      ) : !rows ? (
        <Spinner label="Loading reports" />
      ) : rows.items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-10 text-center text-sm text-slate-500" data-testid="reports-empty">
          {tab === 'open' ? 'No open reports: nothing needs the team right now.' : 'No resolved reports yet.'}
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {rows.totalCount}{' '}
            {tab === 'open'
              ? rows.totalCount === 1
                ? 'deal with open reports'
                : 'deals with open reports'
              : rows.totalCount === 1
                ? 'resolution'
                : 'resolutions'}
          </p>
          <ul className={`space-y-4 ${queue.isFetching ? 'opacity-70' : ''}`} aria-busy={queue.isFetching}>
            {rows.items.map((item) => (
              <ReportItem key={`${item.deal.id}-${item.resolution?.resolvedAt ?? 'open'}`} item={item} />
            ))}
          </ul>
          <Pagination page={page} totalPages={rows.totalPages} onPageChange={(p) => go({ page: p })} label="Report pages" />
        </>
      )}
    </div>
  );
}
