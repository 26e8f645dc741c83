export { insertUser, replaceAvatar, updateProfile } from './commands.js';
export { assertMayManage } from './policy.js';
export { presentUser } from './presenter.js';
export { findConflicts, findUserByCredential, findUserById, nowIso, profileOf, USER_NOT_FOUND } from './queries.js';
export { userRoutes } from './routes.js';
