/** What other features may use of the deals feature: the lifecycle, the shared reads and rules. */
export * from './lifecycle/index.js';
export {
  type BrowseFilters,
  browseFiltersFromQuery,
  type BrowseStatus,
  filtersKey,
  otherFiltersSql,
  statusBranches,
  statusSql,
  titleRankSql,
  searchSql,
  hasSearch,
  dependsOnVotes,
} from './list/browse-filters.js';
export { adminRefMessages, assertCatalogRefs, MEMBER_REF_MESSAGES } from './catalog-refs.js';
export { activeDealsIn, assertNoDealsIn } from './list/catalog-counts.js';
export { selectDealsWithRefs } from './deal-with-refs.js';
export { dealCards, dealList, type DealListRequest } from './list/list-service.js';
export { countDeals, listDealIds } from './list/list-query.js';
export { assertCanView, assertLive, assertPublicDeal, DEAL_NOT_FOUND, mayChangeStatus } from './policy.js';
export { type DealRowWithRefs, presentDeal, type PresentOptions } from './presenter.js';
export { dealsByIds, findDealWithRefs, presentForViewer, viewerStates } from './queries.js';
export { searchTerms, tsPrefixTerm } from './search/search.js';
export { dealRoutes } from './routes.js';
export { uploadDealImage } from './commands.js';
export { posterRecord, postsLive } from './posting/trusted.js';
export { sweepExpiredDeals, SWEEP_EVERY_MS } from './lifecycle/expiry-sweep.js';
