export { addComment, COMMENT_NOT_FOUND, COMMENTS_CLOSED, listComments, removeComment, userComments } from './queries.js';
export { likeComment, unlikeComment } from './likes.js';
export { commentRoutes } from './routes.js';
