import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SECURITY_MESSAGES, TWO_FACTOR_LOCK_MINUTES, TWO_FACTOR_MAX_FAILURES } from '../../../../shared/domain/members/account-security.js';
import type { AppDeps } from '../../../deps.js';
import type { Database, UserRow } from '../../../db/schema.js';
import { badRequest, conflict, HttpError, unauthorized } from '../../../http/errors.js';
import { verifyPassword } from '../../../services/passwords.js';
import { recordSecurityEvent } from '../activity/events.js';
import { startSession } from '../sessions/sessions.js';
import { readStepToken } from './step-token.js';
import { decryptSecret, encryptSecret, matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash, setupOf } from './totp.js';

type Deps = Pick<AppDeps, 'db' | 'config' | 'tokens'>;
const now = () => new Date().toISOString();

/** Whether two-factor sign-in is on, a set-up is waiting for its first code, and how many recovery codes are left. */
export async function twoFactorStatus(db: Kysely<Database>, user: UserRow) {
  const row = await db.selectFrom('two_factor').select(['confirmed_at']).where('user_id', '=', user.id).executeTakeFirst();
  const left = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled: !!row?.confirmed_at, pending: !!row && !row.confirmed_at, recoveryCodesLeft: row?.confirmed_at ? Number(left.n) : 0 };
}

/** A new secret waiting to be confirmed (replacing any earlier unconfirmed one): shown as text and as a QR code. */
export async function startSetup(deps: Deps, user: UserRow) {
  const db = deps.db.kysely;
  const existing = await db.selectFrom('two_factor').select('confirmed_at').where('user_id', '=', user.id).executeTakeFirst();
  if (existing?.confirmed_at) throw conflict('Two-factor authentication is already on');
  const secret = newTotpSecret();
  const stored = encryptSecret(deps.config.jwtSecret, secret);
  const at = now();
  if (existing)
    await db
      .updateTable('two_factor')
      .set({ secret: stored, last_step: 0, failures: 0, locked_until: null, updated_at: at })
      .where('user_id', '=', user.id)
      .execute();
  else
    await db
      .insertInto('two_factor')
      .values({ user_id: user.id, secret: stored, confirmed_at: null, locked_until: null, created_at: at, updated_at: at })
      .execute();
  return { secret, ...(await setupOf(secret, user.username)) };
}

/** Replaces the member's recovery codes by ten new ones (returned once; only their HMACs are kept). */
async function replaceRecoveryCodes(db: Kysely<Database>, jwtSecret: string, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const at = now();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(jwtSecret, code), used_at: null, created_at: at })))
    .execute();
  return codes;
}

/** The first code confirms the set-up: two-factor sign-in is on, and the ten recovery codes are shown once. */
export async function confirmSetup(deps: Deps, user: UserRow, code: string, request: FastifyRequest): Promise<string[]> {
  const db = deps.db.kysely;
  const row = await db.selectFrom('two_factor').selectAll().where('user_id', '=', user.id).executeTakeFirst();
  if (!row || row.confirmed_at) throw badRequest('Start the set-up first: there is no authenticator waiting to be confirmed');
  const secret = decryptSecret(deps.config.jwtSecret, row.secret);
  const step = secret ? matchingStep(secret, code) : null;
  if (step === null) throw badRequest(SECURITY_MESSAGES.badCode, 'code');
  return db.transaction().execute(async (trx) => {
    const at = now();
    const done = await trx
      .updateTable('two_factor')
      .set({ confirmed_at: at, last_step: step, failures: 0, updated_at: at })
      .where('user_id', '=', user.id)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw conflict('Two-factor authentication is already on');
    await trx.updateTable('users').set({ two_factor_enabled_at: at }).where('id', '=', user.id).execute();
    const codes = await replaceRecoveryCodes(trx, deps.config.jwtSecret, user.id);
    await recordSecurityEvent(trx, { userId: user.id, kind: 'two-factor-on', request });
    return codes;
  });
}

async function assertPassword(user: UserRow, password: string) {
  if (!(await verifyPassword(user.password_hash, password))) throw new HttpError(400, SECURITY_MESSAGES.wrongPassword, { field: 'password' });
}

/** "New recovery codes": the password again, then ten new codes replace the old ones. */
export async function renewRecoveryCodes(deps: Deps, user: UserRow, password: string, request: FastifyRequest): Promise<string[]> {
  await assertPassword(user, password);
  const status = await twoFactorStatus(deps.db.kysely, user);
  if (!status.enabled) throw badRequest('Two-factor authentication is not on');
  return deps.db.kysely.transaction().execute(async (trx) => {
    const codes = await replaceRecoveryCodes(trx, deps.config.jwtSecret, user.id);
    await recordSecurityEvent(trx, { userId: user.id, kind: 'recovery-codes-renewed', request });
    return codes;
  });
}

/** Turning it off takes the password and a current code (not yet used); the secret and recovery codes go. */
export async function turnOff(deps: Deps, user: UserRow, input: { password: string; code: string }, request: FastifyRequest): Promise<void> {
  await assertPassword(user, input.password);
  const db = deps.db.kysely;
  const row = await db.selectFrom('two_factor').selectAll().where('user_id', '=', user.id).executeTakeFirst();
  if (!row?.confirmed_at) throw badRequest('Two-factor authentication is not on');
  const secret = decryptSecret(deps.config.jwtSecret, row.secret);
  const step = secret ? matchingStep(secret, input.code) : null;
  if (step === null || step <= Number(row.last_step)) throw badRequest(SECURITY_MESSAGES.badCode, 'code');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
    await trx.updateTable('users').set({ two_factor_enabled_at: null }).where('id', '=', user.id).execute();
    await recordSecurityEvent(trx, { userId: user.id, kind: 'two-factor-off', request });
  });
}

/**
 * POST /auth/login/two-factor: the step token and a current code (or an unused recovery code) issue the session.
 * A forged, expired or voided step token, a wrong code and a replayed one all get the same 401; five wrong answers in
 * a row lock the second step for TWO_FACTOR_LOCK_MINUTES (429), whatever is sent meanwhile.
 */
export async function completeTwoFactorSignIn(
  deps: Deps,
  input: { stepToken: string; code?: string; recoveryCode?: string },
  request: FastifyRequest,
): Promise<{ user: UserRow; token: string }> {
  const db = deps.db.kysely;
  const wrong = () => unauthorized(SECURITY_MESSAGES.badCode);
  const step = await readStepToken(deps.config.jwtSecret, input.stepToken);
  if (!step) throw wrong();
  const user = await db.selectFrom('users').selectAll().where('id', '=', step.userId).executeTakeFirst();
  const row = user ? await db.selectFrom('two_factor').selectAll().where('user_id', '=', user.id).executeTakeFirst() : undefined;
  if (!user || !row?.confirmed_at || user.token_version !== step.version) throw wrong();
  const at = new Date();
  if (row.locked_until && row.locked_until > at.toISOString()) throw new HttpError(429, SECURITY_MESSAGES.lockedOut);

  let accepted = false;
  let usedRecovery = false;
  if (input.code) {
    const secret = decryptSecret(deps.config.jwtSecret, row.secret);
    const matched = secret ? matchingStep(secret, input.code, at.getTime()) : null;
    if (matched !== null) {
      // Atomic: of two requests with the same code, one moves last_step and the other finds it moved.
      const moved = await db
        .updateTable('two_factor')
        .set({ last_step: matched, failures: 0, locked_until: null, updated_at: at.toISOString() })
        .where('user_id', '=', user.id)
        .where('last_step', '<', matched)
        .executeTakeFirst();
      accepted = Number(moved.numUpdatedRows) === 1;
    }
  } else if (input.recoveryCode) {
    const used = await db
      .updateTable('recovery_codes')
      .set({ used_at: at.toISOString() })
      .where('user_id', '=', user.id)
      .where('code_hash', '=', recoveryCodeHash(deps.config.jwtSecret, input.recoveryCode))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    accepted = Number(used.numUpdatedRows) === 1;
    usedRecovery = accepted;
    if (accepted)
      await db.updateTable('two_factor').set({ failures: 0, locked_until: null, updated_at: at.toISOString() }).where('user_id', '=', user.id).execute();
  }

  if (!accepted) {
    const failures = Number(row.failures) + 1;
    const locked = failures >= TWO_FACTOR_MAX_FAILURES;
    await db
      .updateTable('two_factor')
      .set({
        failures: locked ? 0 : failures,
        locked_until: locked ? new Date(at.getTime() + TWO_FACTOR_LOCK_MINUTES * 60_000).toISOString() : row.locked_until,
        updated_at: at.toISOString(),
      })
      .where('user_id', '=', user.id)
      .execute();
    await recordSecurityEvent(db, { userId: user.id, kind: 'two-factor-failed', request });
    throw wrong();
  }
  if (usedRecovery) await recordSecurityEvent(db, { userId: user.id, kind: 'recovery-code-used', request });
  return { user, token: await startSession(deps, user, 'two-factor', request) };
}

/**
 * A second proof for a sensitive change (deleting the account): when two-factor sign-in is on, `code` must be a current
 * code not used before (it is then spent) or an unused recovery code (spent too); with two-factor off, nothing is asked.
 */
export async function assertSecondFactor(deps: Pick<Deps, 'db' | 'config'>, user: UserRow, code: string | undefined): Promise<void> {
  const db = deps.db.kysely;
  const row = await db.selectFrom('two_factor').selectAll().where('user_id', '=', user.id).executeTakeFirst();
  if (!row?.confirmed_at) return;
  const wrong = () => badRequest(SECURITY_MESSAGES.badCode, 'code');
  if (!code) throw wrong();
  const secret = decryptSecret(deps.config.jwtSecret, row.secret);
  const matched = secret ? matchingStep(secret, code) : null;
  if (matched !== null) {
    const moved = await db
      .updateTable('two_factor')
      .set({ last_step: matched })
      .where('user_id', '=', user.id)
      .where('last_step', '<', matched)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) return;
    throw wrong();
  }
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: new Date().toISOString() })
    .where('user_id', '=', user.id)
    .where('code_hash', '=', recoveryCodeHash(deps.config.jwtSecret, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw wrong();
}
