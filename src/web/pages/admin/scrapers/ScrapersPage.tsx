import { PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { ALL_SCRAPERS, useRunScraper, useScraperLogs } from '../../../api/admin/admin-scrapers';
import { ErrorBanner } from '../components/ErrorBanner';
import { PageHeader } from '../components/PageHeader';
import { btnPrimary } from '../components/buttons';
import { listError } from '../components/format';
import { ButtonSpinner, ScraperList } from './ScraperList';
import { ScraperLogs } from './ScraperLogs';

function runErrorText(err: unknown, source: string | undefined): string {
  if (source === ALL_SCRAPERS) return listError(err, 'Failed to run all scrapers', 'An error occurred while running all scrapers');
  return listError(err, `Failed to run ${source} scraper`, `An error occurred while running ${source} scraper`);
}

export default function ScrapersPage() {
  const logs = useScraperLogs();
  const run = useRunScraper();
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  // Which run is going, to label its button; one run at a time.
  const running = run.isPending ? (run.variables ?? null) : null;

  const runError = run.isError ? runErrorText(run.error, run.variables) : null;
  const logsError =
    logs.isError && logs.error !== dismissedError
      ? listError(logs.error, 'Failed to fetch scraper logs', 'An error occurred while fetching scraper logs')
      : null;
  const errorText = runError ?? logsError;
  const dismiss = () => {
    run.reset();
    if (logs.isError) setDismissedError(logs.error);
  };

  return (
    <div>
      <PageHeader
        title="Scrapers"
        subtitle="Import new deals from the deals website. Imported deals arrive as pending for review."
        actions={
          <button type="button" onClick={() => run.mutate(ALL_SCRAPERS)} disabled={run.isPending} className={btnPrimary}>
            {running === ALL_SCRAPERS ? <ButtonSpinner /> : <PlayCircle className="h-4 w-4" aria-hidden="true" />}
            {running === ALL_SCRAPERS ? 'Running...' : 'Run All Scrapers'}
          </button>
        }
      />
      {errorText && <ErrorBanner message={errorText} onDismiss={dismiss} />}
      <ScraperList running={running} onRun={(source) => run.mutate(source)} />
      <ScraperLogs logs={logs} />
    </div>
  );
}
