export { adminVoteRoutes } from './admin-routes.js';
export { castVote, type CastVoteResult, voidVotes } from './commands.js';
export { ALREADY_VOTED, NOT_OPEN, OWN_DEAL } from './policy.js';
export { networkHash, networkOf } from './network.js';
export { promoteMaturedVotes, VOTE_PROMOTION_EVERY_MS } from './promotion.js';
export { dealVotes } from './queries.js';
export { voteRoutes } from './routes.js';
