/** Sign-up, sign-in, email verification and password reset (docs/notes/accounts.md): only its routes are used elsewhere. */
export { authRoutes } from './routes.js';
// The one-time mailed links, for the account's other flows (change of email: features/account).
export { checkToken, claimToken, issueToken, linkMail, retireTokens, type TokenPurpose } from './one-time-token.js';
