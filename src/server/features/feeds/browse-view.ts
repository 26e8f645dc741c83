import { formatGBP } from '../../../shared/domain/money.js';
import type { DealSort } from '../../../shared/schemas/deals/deals.js';
import { type DealFeedQuery, dealFeedQuerySchema } from '../../../shared/schemas/deals/feeds.js';
import type { Db } from '../../db/connection.js';

/** Items per feed. */
export const FEED_ITEMS = 30;
export const FEED_PATH = '/feeds/deals.xml';

/** The query parameters a feed takes, in the order its URLs are written. */
const FEED_PARAMS = ['search', 'query', 'category', 'store', 'status', 'sort', 'minPrice', 'maxPrice', 'dealType'] as const;
type FeedParam = (typeof FEED_PARAMS)[number];

function splitQuery(url: string): URLSearchParams {
  const q = url.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
}

function paramValue(params: URLSearchParams, key: FeedParam): string | string[] | undefined {
  if (key === 'dealType') {
    const all = params.getAll(key);
    return all.length === 0 ? undefined : all.length === 1 ? all[0] : all;
  }
  return params.get(key) ?? undefined;
}

/** Parameters as the query-string parser hands them to a schema: a string, or an array when repeated. */
function inputOf(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of FEED_PARAMS) {
    const value = paramValue(params, key);
    if (value !== undefined) input[key] = value;
  }
  return input;
}

function write(out: URLSearchParams, key: FeedParam, value: string | string[]) {
  for (const v of Array.isArray(value) ? value : [value]) out.append(key, v);
}

/**
 * The feed parameters of a request to the feed itself, as sent (already validated by dealFeedQuerySchema): anything
 * else (page, pageSize, unknown keys) is dropped, so one view has one cache key and one self link.
 */
export function feedParamsOf(url: string): URLSearchParams {
  const raw = splitQuery(url);
  const out = new URLSearchParams();
  for (const key of FEED_PARAMS) {
    const value = paramValue(raw, key);
    if (value !== undefined) write(out, key, value);
  }
  return out;
}

/**
 * The feed of the browse page at `url` (/dealsBrowse?...): its filters and sort, without paging. The page itself is
 * lenient (an unreadable value means "no filter"), so each parameter is kept only when the feed would accept it; values
 * that change nothing (empty search, category or store 'all', the default status and sort) are left out, so the plain
 * browse page and the home page advertise the same feed URL.
 */
export function feedParamsOfBrowsePage(url: string): URLSearchParams {
  const raw = splitQuery(url);
  const out = new URLSearchParams();
  const shape = dealFeedQuerySchema.shape;
  for (const key of FEED_PARAMS) {
    const value = paramValue(raw, key);
    if (value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if ((key === 'category' || key === 'store') && value === 'all') continue;
    if ((key === 'status' && value === 'active') || (key === 'sort' && value === 'newest')) continue;
    if (key === 'query' && raw.get('search')?.trim()) continue;
    const parsed = shape[key].safeParse(value);
    if (!parsed.success) continue;
    if (key === 'dealType' && (parsed.data as string[]).length === 0) continue;
    write(out, key, value);
  }
  return dealFeedQuerySchema.safeParse(inputOf(out)).success ? out : new URLSearchParams();
}

/** An absolute URL of `path` with the parameters (none: no question mark). */
export const withParams = (base: string, path: string, params: URLSearchParams) => {
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
};

const SORT_WORDS: Record<DealSort, string> = {
  newest: 'Newest',
  hottest: 'Hottest',
  'getting-warm': 'Getting warm',
  'price-asc': 'Cheapest',
  'price-desc': 'Priciest',
  'most-commented': 'Most commented',
  trending: 'Trending',
  discount: 'Biggest discount',
};

export interface ViewNames {
  category?: string;
  store?: string;
}

/** Category and store names of a view (two primary-key reads at most). */
export async function viewNames(db: Db, q: Pick<DealFeedQuery, 'category' | 'store'>): Promise<ViewNames> {
  const [category, store] = await Promise.all([
    typeof q.category === 'number' ? db.kysely.selectFrom('categories').select('name').where('id', '=', q.category).executeTakeFirst() : undefined,
    typeof q.store === 'number' ? db.kysely.selectFrom('stores').select('name').where('id', '=', q.store).executeTakeFirst() : undefined,
  ]);
  return { category: category?.name, store: store?.name };
}

/** "QuidsIn: Hottest deals in Electronics at Argos matching "tv", £10–£50 (free, hot)": what a feed reader lists. */
export function viewTitle(q: DealFeedQuery, names: ViewNames): string {
  const search = (q.search || q.query || '').trim();
  let title = `QuidsIn: ${SORT_WORDS[q.sort]} ${q.status === 'expired' ? 'expired deals' : 'deals'}`;
  if (names.category) title += ` in ${names.category}`;
  if (names.store) title += ` at ${names.store}`;
  if (search) title += ` matching "${search}"`;
  if (q.minPrice !== undefined && q.maxPrice !== undefined) title += `, ${formatGBP(q.minPrice)}–${formatGBP(q.maxPrice)}`;
  else if (q.minPrice !== undefined) title += `, from ${formatGBP(q.minPrice)}`;
  else if (q.maxPrice !== undefined) title += `, up to ${formatGBP(q.maxPrice)}`;
  if (q.dealType.length) title += ` (${[...new Set(q.dealType)].join(', ')})`;
  return title;
}

/** The feed view of parameters already known to be valid (the browse page's mapped parameters). */
export const parseFeedParams = (params: URLSearchParams): DealFeedQuery => dealFeedQuerySchema.parse(inputOf(params));

/** A feed as a page advertises it in its <head>: the channel's title and the feed's absolute URL. */
export interface FeedLink {
  title: string;
  href: string;
}

/** The site's main feed, the newest active deals: what the home page and the plain browse page advertise. */
export const defaultFeed = (publicUrl: string): FeedLink => ({
  title: viewTitle(parseFeedParams(new URLSearchParams()), {}),
  href: `${publicUrl}${FEED_PATH}`,
});

/**
 * The feed of the browse page at `url` (path and query): undefined when it is the main feed (defaultFeed: no filter
 * or sort the feed would take), else its own, titled from the view (the names of its category and store looked up).
 */
export async function browsePageFeed(db: Db, publicUrl: string, url: string): Promise<FeedLink | undefined> {
  const params = feedParamsOfBrowsePage(url);
  if (params.size === 0) return undefined;
  const query = parseFeedParams(params);
  return { title: viewTitle(query, await viewNames(db, query)), href: withParams(publicUrl, FEED_PATH, params) };
}
