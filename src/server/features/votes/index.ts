export { adminVoteRoutes } from './admin-routes.js';
export { castVote, type CastVoteResult, voidVotes } from './commands.js';
export { networkHash, networkOf } from './network.js';
export { promoteMaturedVotes, VOTE_PROMOTION_EVERY_MS } from './promotion.js';
export { dealVotes } from './queries.js';
export { voteRoutes } from './routes.js';
