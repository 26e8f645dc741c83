import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { MAX_PASSKEYS, SECURITY_MESSAGES } from '../../../../shared/domain/members/account-security.js';
import type { AppDeps } from '../../../deps.js';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../../db/schema.js';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../../http/errors.js';
import { recordSecurityEvent } from '../activity/events.js';
import { startSession } from '../sessions/sessions.js';
import { type ChallengePurpose, challengeOf, consumeChallenge, relyingParty, saveChallenge } from './webauthn.js';

type Deps = Pick<AppDeps, 'db' | 'config' | 'tokens'>;
const failed = () => new HttpError(400, SECURITY_MESSAGES.passkeyFailed);

/** The member's passkeys, newest first (passkeys_user_idx; plans.test.ts). */
export const passkeysQuery = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc');

export const passkeysOf = (deps: Pick<AppDeps, 'db'>, userId: number) => passkeysQuery(deps.db.kysely, userId).execute();

/** Options for creating a discoverable passkey (a resident key, so sign-in needs no username); the member's own are excluded. */
export async function registrationOptions(deps: Deps, user: UserRow) {
  const rp = relyingParty(deps.config.publicUrl);
  const existing = await passkeysOf(deps, user.id);
  if (existing.length >= MAX_PASSKEYS) throw conflict(`You can have at most ${MAX_PASSKEYS} passkeys. Remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.username,
    userID: new TextEncoder().encode(`quidsin-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports ? p.transports.split(',') : undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: 5 * 60_000,
  });
  await saveChallenge(deps.db.kysely, options.challenge, 'register', user.id);
  return options;
}

/** Checks the browser's new credential against a challenge handed to this member, and keeps it under `name`. */
export async function addPasskey(deps: Deps, user: UserRow, input: { name: string; response: RegistrationResponseJSON }, request: FastifyRequest) {
  const db = deps.db.kysely;
  const rp = relyingParty(deps.config.publicUrl);
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(db, challenge, 'register', user.id))) throw failed();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    throw failed();
  }
  if (!verification.verified) throw failed();
  const { credential } = verification.registrationInfo;
  const taken = await db.selectFrom('passkeys').select('id').where('credential_id', '=', credential.id).executeTakeFirst();
  if (taken) throw conflict('This passkey is already registered');
  const row = await db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('passkeys')
      .values({
        user_id: user.id,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(',').slice(0, 200),
        name: input.name,
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordSecurityEvent(trx, { userId: user.id, kind: 'passkey-added', request });
    return added;
  });
  return row;
}

export async function renamePasskey(deps: Pick<AppDeps, 'db'>, user: UserRow, id: number, name: string) {
  const row = await deps.db.kysely.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', user.id).returningAll().executeTakeFirst();
  if (!row) throw notFound(SECURITY_MESSAGES.passkeyNotFound);
  return row;
}

export async function removePasskey(deps: Pick<AppDeps, 'db'>, user: UserRow, id: number, request: FastifyRequest) {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(SECURITY_MESSAGES.passkeyNotFound);
    await recordSecurityEvent(trx, { userId: user.id, kind: 'passkey-removed', request });
  });
}

/**
 * Options for proving a passkey: for a sign-in, no credentials are named (the browser offers the site's discoverable
 * passkeys: no username is asked); for a member's confirmation, theirs.
 */
export async function authenticationOptions(deps: Deps, purpose: Exclude<ChallengePurpose, 'register'>, user: UserRow | null) {
  const rp = relyingParty(deps.config.publicUrl);
  const allowCredentials = user
    ? (await passkeysOf(deps, user.id)).map((p) => ({ id: p.credential_id, transports: p.transports ? p.transports.split(',') : undefined }))
    : [];
  if (user && allowCredentials.length === 0) throw badRequest('You have no passkeys yet');
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, allowCredentials, userVerification: 'preferred', timeout: 5 * 60_000 });
  await saveChallenge(deps.db.kysely, options.challenge, purpose, user?.id ?? null);
  return options;
}

/**
 * Checks an assertion: a challenge handed out for this purpose (single use, fresh), a passkey we know (the member's, for
 * a confirmation), the signature, and the counter. A key that has counted must count up: a counter at or below the
 * one kept is refused (a cloned key); a key that always sends 0 is allowed.
 */
export async function verifyPasskey(deps: Deps, purpose: Exclude<ChallengePurpose, 'register'>, response: AuthenticationResponseJSON, user: UserRow | null) {
  const db = deps.db.kysely;
  const rp = relyingParty(deps.config.publicUrl);
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(db, challenge, purpose, user?.id ?? null))) throw unauthorized(SECURITY_MESSAGES.passkeyFailed);
  const passkey = await db.selectFrom('passkeys').selectAll().where('credential_id', '=', response.id).executeTakeFirst();
  if (!passkey || (user && passkey.user_id !== user.id)) throw unauthorized(SECURITY_MESSAGES.passkeyFailed);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
      },
      requireUserVerification: false,
    });
  } catch {
    throw unauthorized(SECURITY_MESSAGES.passkeyFailed);
  }
  const { newCounter } = verification.authenticationInfo;
  const stored = Number(passkey.counter);
  if (!verification.verified || ((stored > 0 || newCounter > 0) && newCounter <= stored)) throw unauthorized(SECURITY_MESSAGES.passkeyFailed);
  // Only a counter still at what was read moves (two racing assertions cannot both pass with the same value).
  const moved = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: new Date().toISOString() })
    .where('id', '=', passkey.id)
    .where('counter', '=', stored)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0 && newCounter > 0) throw unauthorized(SECURITY_MESSAGES.passkeyFailed);
  return passkey.user_id;
}

/** "Sign in with a passkey": a discoverable credential's assertion is a complete sign-in (no two-factor step). */
export async function signInWithPasskey(deps: Deps, response: AuthenticationResponseJSON, request: FastifyRequest) {
  const userId = await verifyPasskey(deps, 'sign-in', response, null);
  const user = await deps.db.kysely.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw unauthorized(SECURITY_MESSAGES.passkeyFailed);
  if (!user.email_verified_at) throw new HttpError(403, 'Please verify your email address before logging in. Check your inbox for the verification link.');
  return { user, token: await startSession(deps, user, 'passkey', request) };
}
