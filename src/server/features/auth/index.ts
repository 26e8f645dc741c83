/** Sign-up, sign-in, email verification and password reset (docs/notes/accounts.md): only its routes are used elsewhere. */
export { authRoutes } from './routes.js';
