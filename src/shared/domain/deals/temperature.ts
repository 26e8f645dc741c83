/** Temperature colour bands of SPEC §2 "Deal card badges and display". */
export type TemperatureBand = 'red' | 'orange' | 'yellow' | 'grey' | 'light-blue' | 'blue';

export function temperatureBand(t: number): TemperatureBand {
  if (t > 50) return 'red';
  if (t > 25) return 'orange';
  if (t > 0) return 'yellow';
  if (t === 0) return 'grey';
  if (t < -25) return 'blue';
  return 'light-blue';
}

export const isHot = (t: number) => t >= 1;

/**
 * Stored "getting warm" score in the Reddit form (ARCHITECTURE §5):
 * log10(max(temperature, 1)) + publishedEpochSeconds / 45000. Newer deals win unless older ones are much hotter.
 */
export function hotScore(temperature: number, publishedAtMs: number): number {
  return Math.log10(Math.max(temperature, 1)) + publishedAtMs / 1000 / 45000;
}

/** Trending = votes received in this window (ARCHITECTURE §5), kept per deal in deals.recent_votes. */
export const TRENDING_WINDOW_MS = 24 * 60 * 60 * 1000;
