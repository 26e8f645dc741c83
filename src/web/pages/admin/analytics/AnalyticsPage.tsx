import { useSearchParams } from 'react-router';
import { ANALYTICS_PERIODS, type AnalyticsPeriod, PERIOD_LABELS } from '../../../../shared/domain/shops/analytics';
import { useAnalytics } from '../../../api/admin/admin-analytics';
import { usePageTitle } from '../../../app/usePageTitle';
import { Spinner } from '../../../components/Spinner';
import { PageHeader } from '../components/PageHeader';
import { CsvDownload } from './CsvDownload';
import { FigureCard } from './FigureCard';
import { dayLabelWithYear } from './figure-format';
import { TaggedShare, TopDeals, TopGroups } from './TopLists';

const periodFrom = (raw: string | null): AnalyticsPeriod => ((ANALYTICS_PERIODS as readonly string[]).includes(raw ?? '') ? (raw as AnalyticsPeriod) : '7d');

/**
 * /admin/analytics (docs/notes/analytics.md): the chosen period against the one before, a chart per day for each
 * figure (with its numbers as a table for screen readers), the top deals, shops and categories by clicks, the share of
 * tagged clicks, and the daily rows as CSV. Moderators get the deal-level part only: the server sends no more.
 */
export default function AnalyticsPage() {
  usePageTitle('Analytics');
  const [params, setParams] = useSearchParams();
  const period = periodFrom(params.get('period'));
  const report = useAnalytics(period);
  const data = report.data;

  return (
    <div>
      <PageHeader
        title="Analytics"
        subtitle={
          data
            ? `${dayLabelWithYear(data.from)} to ${dayLabelWithYear(data.to)} (UTC), against ${dayLabelWithYear(data.previousFrom)} to ${dayLabelWithYear(data.previousTo)}`
            : 'Outbound clicks, deal views and the community, counted without cookies'
        }
      />
      <fieldset className="mb-6">
        <legend className="sr-only">Period</legend>
        <div className="inline-flex flex-wrap gap-1 rounded-lg border border-slate-200 bg-white p-1 shadow-sm">
          {ANALYTICS_PERIODS.map((p) => (
            <label
              key={p}
              className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium focus-within:ring-2 focus-within:ring-emerald-500 ${
                p === period ? 'bg-emerald-700 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              <input
                type="radio"
                name="period"
                value={p}
                checked={p === period}
                onChange={() => setParams(p === '7d' ? {} : { period: p }, { replace: true })}
                className="sr-only"
              />
              {PERIOD_LABELS[p]}
            </label>
          ))}
        </div>
      </fieldset>

      {report.isPending && <Spinner label="Loading analytics" />}
      {report.error && !data && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          Failed to load the analytics. Please try again later.
        </p>
      )}
      {data && (
        <div className={`space-y-6 ${report.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={report.isFetching}>
          <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {data.figures.map((f) => (
              <FigureCard key={f.key} figure={f} days={data.days} />
            ))}
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <TopDeals deals={data.topDeals} />
            {data.tagged && <TaggedShare tagged={data.tagged} />}
            {data.topShops && <TopGroups id="top-shops" title="Top shops by clicks" groups={data.topShops} link={(id) => `/stores/${id}`} />}
            {data.topCategories && (
              <TopGroups id="top-categories" title="Top categories by clicks" groups={data.topCategories} link={(id) => `/dealsBrowse?category=${id}`} />
            )}
          </div>
          <section aria-labelledby="csv-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="csv-heading" className="mb-3 text-lg font-semibold text-slate-900">
              Daily figures as CSV
            </h2>
            <CsvDownload from={data.from} to={data.to} />
          </section>
        </div>
      )}
    </div>
  );
}
