/** Public member pages (issue 17, docs/notes/community.md). */
export { isMember, MEMBER_DEALS_LIMIT, MEMBER_NOT_FOUND, memberProfile } from './queries.js';
export { memberRoutes } from './routes.js';
