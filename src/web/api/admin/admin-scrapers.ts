import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScraperList, ScraperLogList, ScraperRunAllResult, ScraperRunResult } from '../../../shared/schemas/admin/scrapers';
import { toast } from '../../lib/toast/toast';
import { adminKeys } from './admin';
import { api } from '../client';

/** The admin Scrapers screen (SPEC §7): sources, their logs (data.scrapers, data.logs) and runs. */

export const useScrapers = () =>
  useQuery({ queryKey: adminKeys.scrapers, queryFn: async () => (await api.get<ScraperList>('/admin/scrapers')).scrapers, staleTime: 0 });

export const fetchScraperLogs = async () => (await api.get<ScraperLogList>('/admin/scrapers/logs')).logs;
export const useScraperLogs = () => useQuery({ queryKey: adminKeys.scraperLogs, queryFn: fetchScraperLogs, staleTime: 0, retry: false });

/** Stands for every scraper at once (POST /admin/scrapers/run-all) where a source name is expected. */
export const ALL_SCRAPERS = 'all';

export const dataFileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** Runs one scraper by source, or all of them; the logs reload whatever happened and the badges after an import. */
export function useRunScraper() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (source: string): Promise<Pick<ScraperRunResult, 'dataFile'>> =>
      source === ALL_SCRAPERS
        ? api.post<ScraperRunAllResult>('/admin/scrapers/run-all').then(() => ({ dataFile: null }))
        : api.post<ScraperRunResult>('/admin/scrapers/run', { source }),
    onSuccess: ({ dataFile }, source) => {
      if (source === ALL_SCRAPERS) toast.success('All scrapers finished');
      else toast.success(dataFile ? `The ${source} scraper finished: ${dataFileName(dataFile)}` : `The ${source} scraper finished`);
      qc.invalidateQueries({ queryKey: adminKeys.counts });
    },
    // Not awaited: the run is over for the admin as soon as its reply is in.
    onSettled: () => {
      qc.invalidateQueries({ queryKey: adminKeys.scraperLogs });
    },
  });
}
