export { assertMayManage, profileOf, replaceAvatar, updateProfile, USER_NOT_FOUND } from './commands.js';
export { presentUser } from './presenter.js';
export { findConflicts, findUserByCredential, findUserById, insertUser, nowIso } from './queries.js';
export { userRoutes } from './routes.js';
