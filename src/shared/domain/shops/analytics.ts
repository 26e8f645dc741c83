/**
 * The operator's figures (docs/notes/analytics.md): which visits count, the periods the back office compares, and the
 * click-through rate. Pure rules, used by the server's counting and the web's analytics page alike.
 */

/** The periods of the analytics page: today (since midnight UTC) or the last 7, 28 or 90 days, today included. */
export const ANALYTICS_PERIODS = ['today', '7d', '28d', '90d'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { today: 1, '7d': 7, '28d': 28, '90d': 90 };
export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { today: 'Today', '7d': 'Last 7 days', '28d': 'Last 28 days', '90d': 'Last 90 days' };

/** A visitor counts once per deal per this window, for clicks and views alike. */
export const DEDUP_WINDOW_MS = 30 * 60_000;
/** The widest range of daily rows one CSV download gives. */
export const CSV_MAX_DAYS = 400;

const DAY_MS = 86_400_000;

/** The UTC day of an instant, as YYYY-MM-DD (the key of the daily counts). */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The day `n` days after `day` (before, when negative). */
export const addDays = (day: string, n: number): string => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export const daysBetween = (from: string, to: string): number =>
  Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1);

/** Every day from `from` to `to`, both included. */
export function dayRange(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: n }, (_, i) => addDays(from, i));
}

export interface PeriodRange {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

/** A period's days (ending today, UTC) and the same number of days just before them. */
export function periodRange(period: AnalyticsPeriod, now = Date.now()): PeriodRange {
  const n = PERIOD_DAYS[period];
  const to = dayOf(now);
  const from = addDays(to, -(n - 1));
  return { from, to, previousFrom: addDays(from, -n), previousTo: addDays(from, -1) };
}

/** Clicks per view as a percentage with one decimal; 0 without views. */
export const clickThroughRate = (clicks: number, views: number): number => (views > 0 ? Math.round((clicks / views) * 1000) / 10 : 0);

/** Percent change from `previous` to `current`, whole numbers: 0 when both are 0, 100 from nothing. */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 100);
}

/**
 * User agents that are not people: search and AI crawlers, link unfurlers (chat apps and social sites fetching a
 * preview), monitors and HTTP libraries. Matched case-insensitively anywhere in the header; an empty one counts as a bot.
 */
const BOT_PATTERNS = [
  'bot',
  'crawl',
  'spider',
  'slurp',
  'facebookexternalhit',
  'facebookcatalog',
  'embedly',
  'quora link preview',
  'whatsapp',
  'telegram',
  'discord',
  'slack',
  'skypeuripreview',
  'vkshare',
  'pinterest',
  'redditbot',
  'linkedin',
  'mastodon',
  'bitlybot',
  'iframely',
  'outbrain',
  'preview',
  'headlesschrome',
  'lighthouse',
  'pingdom',
  'uptime',
  'monitor',
  'curl/',
  'wget/',
  'python-requests',
  'python-urllib',
  'aiohttp',
  'go-http-client',
  'java/',
  'okhttp',
  'axios/',
  'node-fetch',
  'undici',
  'libwww',
  'httpclient',
  'scrapy',
  'phantomjs',
  'gptbot',
  'chatgpt',
  'claude',
  'perplexity',
  'bytespider',
  'petalbot',
  'yandex',
  'baiduspider',
];
const BOT_RE = new RegExp(BOT_PATTERNS.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'), 'i');

export const isBotUserAgent = (ua: string | undefined | null): boolean => !ua || ua.trim() === '' || BOT_RE.test(ua);

/** Headers of a request a browser makes ahead of time, which nobody may ever act on: not a visit. */
export function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const value = (name: string) => {
    const v = headers[name];
    return (Array.isArray(v) ? v.join(',') : (v ?? '')).toLowerCase();
  };
  return /prefetch|prerender|preview/.test(`${value('purpose')} ${value('sec-purpose')} ${value('x-purpose')} ${value('x-moz')}`);
}

/** Whether a request is a person's visit worth counting: a GET (or a beacon's POST) from a browser, not a bot or prefetch. */
export function isCountableVisit(method: string, headers: Record<string, string | string[] | undefined>): boolean {
  if (method !== 'GET' && method !== 'POST') return false;
  const ua = headers['user-agent'];
  return !isBotUserAgent(Array.isArray(ua) ? ua[0] : ua) && !isPrefetch(headers);
}

/** The figures of the analytics page, in its order; `deals` marks the deal-level ones moderators see too. */
export const ANALYTICS_FIGURES = [
  { key: 'clicks', label: 'Outbound clicks', deals: true },
  { key: 'views', label: 'Deal views', deals: true },
  { key: 'ctr', label: 'Click-through rate', deals: true },
  { key: 'newDeals', label: 'New deals', deals: false },
  { key: 'votes', label: 'Votes', deals: false },
  { key: 'comments', label: 'Comments', deals: false },
  { key: 'newMembers', label: 'New members', deals: false },
  { key: 'activeMembers', label: 'Active members', deals: false },
] as const;
export type AnalyticsFigureKey = (typeof ANALYTICS_FIGURES)[number]['key'];

/** The figures a scope sees (shared/domain/access/permissions.ts analyticsScope). */
export const figuresFor = (scope: 'all' | 'deals') => ANALYTICS_FIGURES.filter((f) => scope === 'all' || f.deals);
