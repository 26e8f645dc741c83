import { QueryClient } from '@tanstack/react-query';

/** SPEC §7 Data fetching: no refetch on focus, 1 retry with delay doubling from 1 s up to 30 s, fresh 5 min, cached 30 min. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = (error as { status?: number } | null)?.status ?? 0;
          return failureCount < 1 && !(status >= 400 && status < 500);
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        staleTime: 5 * 60 * 1000,
        gcTime: 30 * 60 * 1000,
      },
    },
  });
}
