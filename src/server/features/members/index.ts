/** Public member pages (docs/notes/community.md). */
export { MEMBER_NOT_FOUND } from './policy.js';
export { isMember, MEMBER_DEALS_LIMIT, memberProfile, mentionedMembers } from './queries.js';
export { memberRoutes } from './routes.js';
