import type { Deal, DealPage, DealSort } from '../../../../shared/schemas/deals/deals.js';
import type { AffiliateConfig } from '../../../../shared/domain/shops/affiliate.js';
import type { Db } from '../../../db/connection.js';
import { lowestPriceFlags, withLowestPrices } from '../../products/index.js';
import { parseSearch } from '../../../../shared/domain/search/query.js';
import { correctableExclusions } from '../../../../shared/domain/search/typos.js';
import { nearSpelling, RARE_REAL, type SpellingScope } from '../search/spelling.js';
import { type BrowseFilters, hasSearch } from './browse-filters.js';
import { countForPage, listDealIds } from './list-query.js';
import { relaxations } from './relaxations.js';
import { countFollowing, type FollowSet, followingDealIds } from './following.js';
import { dealsByIds, presentForViewer } from '../queries.js';

export interface DealListRequest {
  filters: BrowseFilters;
  sort: DealSort;
  page: number;
  pageSize: number;
  viewerId: number | null;
  /** The home rows and related deals need no total. */
  withCount?: boolean;
  /** A search that finds few deals also lists those of its near spellings, after them (the browse list). */
  nearSpellings?: boolean;
  /**
   * The browse list's query string: a search that finds nothing then offers its filters to drop, with counts
   * (relaxations.ts).
   */
  relaxFrom?: URLSearchParams;
  /** The Following tab: live deals of what the member follows, newest first (the filters and sort do not apply). */
  following?: FollowSet;
}

async function followingList(db: Db, affiliate: AffiliateConfig, req: DealListRequest, set: FollowSet, now: Date): Promise<DealPage> {
  const [ids, count] = await Promise.all([followingDealIds(db, set, (req.page - 1) * req.pageSize, req.pageSize, now), countFollowing(db, set, now)]);
  const deals = await dealCards(db, ids, req.viewerId, affiliate, now.getTime());
  const page: DealPage = { deals, totalCount: count.total, page: req.page, pageSize: req.pageSize, totalPages: Math.ceil(count.total / req.pageSize) };
  return count.capped ? { ...page, totalCountCapped: true } : page;
}

/**
 * A search finding fewer deals than this as typed may hold a typo (a word few deals hold, or a rare real word next to a
 * much commoner near one: spelling.ts) and also lists its near spellings' deals (docs/notes/search.md).
 */
export const FEW_MATCHES = RARE_REAL;

/**
 * Which words of a search may want correcting: all of them when it finds few deals, else only its excluded words (a
 * misspelt exclusion excludes nothing, so the search finds as many as without it); null for none.
 */
function spellingScope(req: DealListRequest, found: number | null): SpellingScope | null {
  if (!req.nearSpellings || found === null || !hasSearch(req.filters)) return null;
  if (found < FEW_MATCHES) return 'all';
  return correctableExclusions(parseSearch(req.filters.search)).length > 0 ? 'excluded' : null;
}

/**
 * One page of deals: ids by index, rows in one joined query, the caller's votes and saves in one more, and the
 * "Lowest price we've seen" flags of the page in one grouped query (the products feature).
 */
export async function dealList(db: Db, affiliate: AffiliateConfig, req: DealListRequest): Promise<DealPage> {
  const now = new Date();
  const offset = (req.page - 1) * req.pageSize;
  if (req.following) return followingList(db, affiliate, req, req.following, now);
  const [ids, count] = await Promise.all([
    listDealIds(db, { filters: req.filters, sort: req.sort, offset, limit: req.pageSize, now }),
    req.withCount === false ? Promise.resolve(null) : countForPage(db, { filters: req.filters, now }),
  ]);
  // Few deals as typed: perhaps a typo (the page asked as typed costs nothing more when it is not).
  const scope = spellingScope(req, count === null ? null : count.total);
  const near = scope && count ? await nearSpellingList(db, req, now, scope === 'all' ? count.total : 0, scope) : null;
  const listed = near ? near.count : count;
  const deals = await dealCards(db, near ? near.ids : ids, req.viewerId, affiliate, now.getTime());
  const total = listed === null ? deals.length : listed.total;
  const page: DealPage = { deals, totalCount: total, page: req.page, pageSize: req.pageSize, totalPages: Math.ceil(total / req.pageSize) };
  if (near) page.nearSpelling = near.about;
  else if (req.relaxFrom && total === 0 && hasSearch(req.filters)) {
    const offers = await relaxations(db, req.filters, req.relaxFrom, now);
    if (offers.length) page.relaxations = offers;
  }
  return listed?.capped ? { ...page, totalCountCapped: true } : page;
}

/**
 * A search with a near spelling: the deals it finds as typed first (fewer than FEW_MATCHES; none when only an exclusion
 * was misspelt, as those are the deals it meant to leave out), then the near spelling's other matches in the chosen
 * sort. null when the search is listed as typed.
 */
async function nearSpellingList(db: Db, req: DealListRequest, now: Date, exactTotal: number, scope: SpellingScope) {
  const typed = req.filters.search as string;
  const search = await nearSpelling(db, typed, scope, exactTotal);
  if (search === null) return null;
  // A corrected exclusion: the deals found as typed are those it meant to leave out, so none is listed first.
  const excludedOf = (s: string) => JSON.stringify(parseSearch(s).excluded);
  const listTyped = exactTotal > 0 && excludedOf(search) === excludedOf(typed);
  const exactIds = listTyped ? await listDealIds(db, { filters: req.filters, sort: req.sort, offset: 0, limit: exactTotal, now }) : [];
  const filters = { ...req.filters, search, excludeIds: exactIds };
  const count = await countForPage(db, { filters, now });
  if (count.total === 0) return null;
  const offset = (req.page - 1) * req.pageSize;
  const first = exactIds.slice(offset, offset + req.pageSize);
  const rest = req.pageSize - first.length;
  const more = rest > 0 ? await listDealIds(db, { filters, sort: req.sort, offset: Math.max(0, offset - exactIds.length), limit: rest, now }) : [];
  return {
    ids: [...first, ...more],
    count: { total: exactIds.length + count.total, capped: count.capped },
    about: { search, typed, exactMatches: exactIds.length },
  };
}

/**
 * Deals as list cards, in the order of `ids`: rows in one joined query, the caller's votes and saves in one more, and
 * the "Lowest price we've seen" flags in one grouped query (the products feature). Every list of cards goes through here.
 */
export async function dealCards(db: Db, ids: number[], viewerId: number | null, affiliate: AffiliateConfig, now = Date.now()): Promise<Deal[]> {
  const [rows, lowest] = await Promise.all([dealsByIds(db, ids), lowestPriceFlags(db, ids, now)]);
  return withLowestPrices(await presentForViewer(db, rows, viewerId, affiliate), lowest);
}
