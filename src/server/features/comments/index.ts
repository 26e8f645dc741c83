export { addComment, likeComment, removeComment, unlikeComment } from './commands.js';
export { COMMENT_NOT_FOUND, COMMENTS_CLOSED } from './policy.js';
export { listComments, userComments } from './queries.js';
export { commentRoutes } from './routes.js';
