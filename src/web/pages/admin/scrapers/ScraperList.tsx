import { Bot, Play } from 'lucide-react';
import { useScrapers } from '../../../api/admin/admin-scrapers';
import { Spinner } from '../../../components/Spinner';
import { Panel } from '../components/Panel';
import { btnSecondary } from '../components/buttons';
import { listError } from '../components/format';

export function ButtonSpinner() {
  return <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />;
}

/** The scraper sources with a Run button each; every button waits while any run is going. */
export function ScraperList({ running, onRun }: { running: string | null; onRun: (source: string) => void }) {
  const scrapers = useScrapers();
  return (
    <Panel id="available-heading" title="Available Scrapers" className="mb-8">
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
              <button type="button" onClick={() => onRun(s.source)} disabled={running !== null} className={btnSecondary} aria-label={`Run Scraper ${s.name}`}>
                {running === s.source ? <ButtonSpinner /> : <Play className="h-4 w-4" aria-hidden="true" />}
                {running === s.source ? 'Running...' : 'Run Scraper'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
