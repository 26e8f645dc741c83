import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { REAUTH_MINUTES, SECURITY_MESSAGES } from '../../../../shared/domain/members/account-security.js';
import type { AppDeps } from '../../../deps.js';
import type { Database, SessionRow, UserRow } from '../../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../../http/errors.js';
import { recordSecurityEvent } from '../activity/events.js';
import { requestInfo } from '../request-info.js';

export type SessionMethod = 'password' | 'two-factor' | 'passkey';
type Deps = Pick<AppDeps, 'db' | 'tokens' | 'config'>;

/**
 * A new sign-in: its session row (browser, coarse IP hint, expiry with the token's) and a token carrying its id.
 * Expired sessions of the member are cleared on the way, so the table keeps only what could still be used.
 */
export async function startSession(deps: Deps, user: UserRow, method: SessionMethod, request: FastifyRequest): Promise<string> {
  const db = deps.db.kysely;
  const now = new Date();
  const info = requestInfo(request);
  await db.deleteFrom('sessions').where('user_id', '=', user.id).where('expires_at', '<=', now.toISOString()).execute();
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: user.id,
      method,
      browser: info.browser,
      ip_hint: info.ipHint,
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      authenticated_at: now.toISOString(),
      expires_at: new Date(now.getTime() + deps.config.jwtTtlSeconds * 1000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordSecurityEvent(db, { userId: user.id, kind: method === 'passkey' ? 'sign-in-passkey' : 'sign-in', request });
  return deps.tokens.sign({ userId: user.id, version: user.token_version, sessionId: Number(row.id) });
}

/** A member's sessions still in force, newest first (sessions_user_idx; plans.test.ts). */
export const sessionsQuery = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date().toISOString())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200);

export const sessionsOf = (db: Kysely<Database>, userId: number): Promise<SessionRow[]> => sessionsQuery(db, userId).execute();

/**
 * Ends one of the member's other sessions; another member's id is not found (404), as is one already ended. The session
 * the request comes with is not ended here (400): this browser signs out with the header's Sign out.
 */
export async function endSession(db: Kysely<Database>, user: UserRow, sessionId: number, request: FastifyRequest): Promise<void> {
  if (request.session?.id === sessionId) throw badRequest('This is the session you are using: sign out from the menu instead');
  const result = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', user.id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound(SECURITY_MESSAGES.sessionNotFound);
  await recordSecurityEvent(db, { userId: user.id, kind: 'session-ended', request });
}

/**
 * "Sign out everywhere else": every other session row goes, and the token version moves so tokens from before
 * sessions (no `sid`) end too. The caller carries on with a fresh token for its session (a session is made for it when
 * its own token was one of those older ones).
 */
export async function endOtherSessions(deps: Deps, user: UserRow, request: FastifyRequest): Promise<{ token: string; ended: number }> {
  const db = deps.db.kysely;
  const keep = request.session?.id;
  const { token, ended } = await db.transaction().execute(async (trx) => {
    let del = trx.deleteFrom('sessions').where('user_id', '=', user.id);
    if (keep !== undefined) del = del.where('id', '<>', keep);
    const result = await del.executeTakeFirst();
    const updated = await trx
      .updateTable('users')
      .set({ token_version: user.token_version + 1 })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordSecurityEvent(trx, { userId: user.id, kind: 'other-sessions-ended', request });
    const sessionId = keep;
    return {
      token: sessionId === undefined ? undefined : await deps.tokens.sign({ userId: user.id, version: updated.token_version, sessionId }),
      ended: Number(result.numDeletedRows),
      updated,
    };
  });
  if (token) return { token, ended };
  const fresh = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  return { token: await startSessionQuietly(deps, fresh, request), ended };
}

/** A session for a caller whose token predates sessions (no sign-in event: they did not sign in just now). */
async function startSessionQuietly(deps: Deps, user: UserRow, request: FastifyRequest): Promise<string> {
  const now = new Date();
  const info = requestInfo(request);
  const row = await deps.db.kysely
    .insertInto('sessions')
    .values({
      user_id: user.id,
      method: 'password',
      browser: info.browser,
      ip_hint: info.ipHint,
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      authenticated_at: new Date(0).toISOString(),
      expires_at: new Date(now.getTime() + deps.config.jwtTtlSeconds * 1000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return deps.tokens.sign({ userId: user.id, version: user.token_version, sessionId: Number(row.id) });
}

/**
 * A password change signs out every other session: the token version moves (plugins/auth.ts), and the rows go too so the
 * list shows what is still signed in. `keep` is the session of the request that changed it.
 */
export async function endSessionsAfterPasswordChange(db: Kysely<Database>, userId: number, keep: number | undefined, request: FastifyRequest) {
  let del = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep !== undefined) del = del.where('id', '<>', keep);
  await del.execute();
  await recordSecurityEvent(db, { userId, kind: 'password-changed', request });
}

/** Marks the request's session as re-authenticated now (a password or passkey proven). */
export async function markReauthenticated(db: Kysely<Database>, session: SessionRow): Promise<void> {
  await db.updateTable('sessions').set({ authenticated_at: new Date().toISOString() }).where('id', '=', session.id).execute();
}

/** Passkey changes need a password or passkey proven on this session within REAUTH_MINUTES (a fresh sign-in counts). */
export function requireRecentAuth(request: FastifyRequest): void {
  const session = request.session;
  const fresh = session && Date.now() - Date.parse(session.authenticated_at) <= REAUTH_MINUTES * 60_000;
  if (!fresh) throw forbidden(SECURITY_MESSAGES.reauth);
}

/** Every session of an account ends (a password reset, a deleted account); the write moves the shared generation. */
export async function endAllSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
