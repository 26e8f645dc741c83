import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { login } from './test-helpers.js';

type Role = 'visitor' | 'member' | 'owner' | 'moderator' | 'admin' | 'unverified';
const ROLES: Role[] = ['visitor', 'member', 'owner', 'moderator', 'admin', 'unverified'];

interface Fixture {
  /** A session and a passkey of the owner's. */
  sessionId: number;
  passkeyId: number;
}

interface Row {
  call: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (f: Fixture) => string;
  body?: () => unknown;
  /** visitor, member, owner, moderator, admin, unverified. */
  expect: [number, number, number, number, number, number];
}

const MEMBERS: Row['expect'] = [401, 200, 200, 200, 200, 403];
const OWNER_ONLY_404: Row['expect'] = [401, 404, 200, 404, 404, 403];
/** Public sign-in steps: the token is not read; what was sent decides (here: nothing valid, so 400 or 401 for everyone). */
const PUBLIC_400: Row['expect'] = [400, 400, 400, 400, 400, 400];
const PUBLIC_401: Row['expect'] = [401, 401, 401, 401, 401, 401];

/** Every route of account security (docs/notes/account-security.md) against every kind of caller. */
const MATRIX: Row[] = [
  { call: 'GET /account/sessions', method: 'GET', url: () => '/api/account/sessions', expect: MEMBERS },
  { call: 'DELETE /account/sessions/{id}', method: 'DELETE', url: (f) => `/api/account/sessions/${f.sessionId}`, expect: OWNER_ONLY_404 },
  { call: 'POST /account/sessions/end-others', method: 'POST', url: () => '/api/account/sessions/end-others', expect: MEMBERS },
  { call: 'GET /account/security-activity', method: 'GET', url: () => '/api/account/security-activity', expect: MEMBERS },
  { call: 'GET /account/two-factor', method: 'GET', url: () => '/api/account/two-factor', expect: MEMBERS },
  { call: 'POST /account/two-factor/setup', method: 'POST', url: () => '/api/account/two-factor/setup', expect: MEMBERS },
  {
    call: 'POST /account/two-factor/enable',
    method: 'POST',
    url: () => '/api/account/two-factor/enable',
    body: () => ({ code: '000000' }),
    expect: [401, 400, 400, 400, 400, 403],
  },
  {
    call: 'POST /account/two-factor/recovery-codes',
    method: 'POST',
    url: () => '/api/account/two-factor/recovery-codes',
    body: () => ({ password: 'Member-Passw0rd' }),
    expect: [401, 400, 400, 400, 400, 403],
  },
  {
    call: 'POST /account/two-factor/disable',
    method: 'POST',
    url: () => '/api/account/two-factor/disable',
    body: () => ({ password: 'Member-Passw0rd', code: '000000' }),
    expect: [401, 400, 400, 400, 400, 403],
  },
  { call: 'GET /account/passkeys', method: 'GET', url: () => '/api/account/passkeys', expect: MEMBERS },
  // Members' tokens here were not made by a sign-in: no session, so no recent confirmation (403) but for the owner's.
  { call: 'POST /account/passkeys/options', method: 'POST', url: () => '/api/account/passkeys/options', expect: [401, 403, 200, 403, 403, 403] },
  { call: 'POST /account/passkeys', method: 'POST', url: () => '/api/account/passkeys', body: () => ({ name: 'x' }), expect: [401, 400, 400, 400, 400, 403] },
  {
    call: 'PUT /account/passkeys/{id}',
    method: 'PUT',
    url: (f) => `/api/account/passkeys/${f.passkeyId}`,
    body: () => ({ name: 'Renamed' }),
    expect: OWNER_ONLY_404,
  },
  { call: 'DELETE /account/passkeys/{id}', method: 'DELETE', url: (f) => `/api/account/passkeys/${f.passkeyId}`, expect: [401, 403, 200, 403, 403, 403] },
  { call: 'POST /account/reauthenticate/options', method: 'POST', url: () => '/api/account/reauthenticate/options', expect: [401, 400, 200, 400, 400, 403] },
  {
    call: 'POST /account/reauthenticate',
    method: 'POST',
    url: () => '/api/account/reauthenticate',
    body: () => ({ password: 'Member-Passw0rd' }),
    expect: [401, 403, 200, 403, 403, 403],
  },
  {
    call: 'POST /auth/login/two-factor',
    method: 'POST',
    url: () => '/api/auth/login/two-factor',
    body: () => ({ stepToken: 'x', code: '000000' }),
    expect: PUBLIC_401,
  },
  { call: 'POST /auth/passkey/options', method: 'POST', url: () => '/api/auth/passkey/options', expect: [200, 200, 200, 200, 200, 200] },
  { call: 'POST /auth/passkey', method: 'POST', url: () => '/api/auth/passkey', body: () => ({}), expect: PUBLIC_400 },
];

describe('permission matrix of account security', () => {
  let h: Harness;
  const tokens: Partial<Record<Role, string>> = {};
  let ownerId = 0;
  let ownerName = '';
  let n = 0;
  const legacy: Partial<Record<Role, number>> = {};

  beforeAll(async () => {
    h = await createHarness();
    const owner = await h.createUser();
    ownerId = owner.id;
    ownerName = owner.username;
    legacy.member = (await h.createUser()).id;
    legacy.moderator = (await h.createUser({ role: 'moderator' })).id;
    legacy.admin = 1;
    tokens.unverified = (await h.createUser({ verified: false })).token;
  });
  afterAll(() => h.close());

  /** The owner signs in afresh each cell (a session of their own, confirmed just now) and has a passkey and another session. */
  async function fixture(): Promise<Fixture> {
    n++;
    // Tokens without a session (as before sessions existed), at each account's current version: "sign out everywhere
    // else" in an earlier cell moved it.
    for (const role of ['member', 'moderator', 'admin'] as const) {
      const row = await h.db.kysely
        .selectFrom('users')
        .select('token_version')
        .where('id', '=', legacy[role] as number)
        .executeTakeFirstOrThrow();
      tokens[role] = await h.app.deps.tokens.sign({ userId: legacy[role] as number, version: row.token_version });
    }
    tokens.owner = (await login(h, ownerName)).body.data.token;
    await h.db.kysely.deleteFrom('passkeys').where('user_id', '=', ownerId).execute();
    await login(h, ownerName);
    const other = await h.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', ownerId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const passkey = await h.db.kysely
      .insertInto('passkeys')
      .values({
        user_id: ownerId,
        credential_id: `matrix-${n}`,
        public_key: 'AA',
        counter: 0,
        name: `Key ${n}`,
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { sessionId: Number(other.id), passkeyId: Number(passkey.id) };
  }

  it.each(MATRIX)('$call', async (row) => {
    const actual: number[] = [];
    for (const role of ROLES) {
      const f = await fixture();
      const res = await h.request({
        method: row.method,
        url: row.url(f),
        token: tokens[role],
        ...(row.body ? { payload: row.body() as Record<string, unknown> } : {}),
      });
      actual.push(res.status);
    }
    expect(Object.fromEntries(ROLES.map((r, i) => [r, actual[i]]))).toEqual(Object.fromEntries(ROLES.map((r, i) => [r, row.expect[i]])));
  });
});
