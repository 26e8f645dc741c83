/**
 * API test harness: a real app on a real database, through app.inject.
 * SQLite by default (a fresh file per harness); PostgreSQL when TEST_DATABASE_URL is set (a fresh database per harness,
 * created from that URL and dropped afterwards).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Db, openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedReferenceData } from '../db/seed/index.js';
import { insertUser } from '../features/users/index.js';
import type { Mailer, MailMessage } from '../services/mail.js';
import { hashPassword } from '../services/passwords.js';
import { createPostgresDatabase } from './engines/postgres.js';

export const TEST_ADMIN_PASSWORD = 'Admin-Passw0rd';
export const TEST_PASSWORD = 'Member-Passw0rd';

/** A user made by Harness.createUser, with a token to call the API as them. */
export interface TestUser {
  id: number;
  username: string;
  email: string;
  token: string;
}

export type TestUserOverrides = { username?: string; role?: 'user' | 'moderator' | 'admin'; verified?: boolean };

export interface Harness {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Mails "sent" during the test, newest last. */
  mails: MailMessage[];
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
  /** app.inject with an optional bearer token; the body is parsed JSON. */
  request(opts: InjectOptions & { token?: string }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** A verified member with a token. */
  createUser(overrides?: TestUserOverrides): Promise<TestUser>;
  /** `count` users made one after the other (ids in that order), each like createUser(overrides) with a username of its own. */
  createUsers(count: number, overrides?: Omit<TestUserOverrides, 'username'>): Promise<TestUser[]>;
  /** Token of the seeded admin (id 1). */
  adminToken(): Promise<string>;
}

let hashedTestPassword: Promise<string> | undefined;

export async function createHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-test-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  const pgDb = pgBase ? await createPostgresDatabase(pgBase, 'quidsin_test') : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_FACTOR: '1000',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  await seedReferenceData(db, config);
  const mails: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  const app = await buildApp({ config, db, mailer }, { serveWeb: false });
  await app.ready();

  const harness: Harness = {
    app,
    db,
    config,
    mails,
    dialect: db.dialect,
    async close() {
      await app.close();
      await db.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async request({ token, headers, ...opts }) {
      const res = await app.inject({ ...opts, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
      let body: any = res.body;
      try {
        body = res.json();
      } catch {
        /* not JSON */
      }
      return { status: res.statusCode, body, headers: res.headers };
    },
    async createUser(overrides = {}) {
      const username = overrides.username ?? `member${crypto.randomBytes(4).toString('hex')}`;
      const email = `${username.toLowerCase()}@example.test`;
      hashedTestPassword ??= hashPassword(TEST_PASSWORD);
      const user = await insertUser(db.kysely, {
        username,
        email,
        password_hash: await hashedTestPassword,
        role: overrides.role ?? 'user',
        avatar: null,
        bio: null,
        email_verified_at: overrides.verified === false ? null : new Date().toISOString(),
      });
      const token = await app.deps.tokens.sign({ userId: user.id, version: user.token_version });
      return { id: user.id, username, email, token };
    },
    async createUsers(count, overrides = {}) {
      const users: TestUser[] = [];
      for (let i = 0; i < count; i++) users.push(await harness.createUser(overrides));
      return users;
    },
    async adminToken() {
      return app.deps.tokens.sign({ userId: 1, version: 0 });
    },
  };
  return harness;
}

/** A fresh harness and the seeded administrator's token: the start of most admin tests. */
export async function adminHarness(env: Record<string, string> = {}): Promise<{ h: Harness; admin: string }> {
  const h = await createHarness(env);
  return { h, admin: await h.adminToken() };
}

/** Users useHarness makes: how many, or one createUser overrides object (without the role) per user. */
export type CastUsers = number | Array<Omit<TestUserOverrides, 'role'>>;

/** What useHarness makes for a describe block (or a file). */
export interface HarnessCast {
  h: Harness;
  /** The seeded administrator (id 1). */
  admin: TestUser;
  /** Verified members, made first. */
  members: TestUser[];
  /** Moderators, made after the members. */
  moderators: TestUser[];
  /** The first member and the first moderator (members[0], moderators[0]), for blocks that need one of each. */
  member: TestUser;
  moderator: TestUser;
}

/**
 * The setup of most API test blocks, registered on the enclosing block's hooks: beforeAll makes a fresh harness with
 * `env` (or with what `env()` answers then, when it depends on something an earlier hook starts), reads the seeded
 * administrator's token, then makes the verified `members` and the `moderators` in that order (each a count, or one
 * createUser overrides object per user, e.g. `[{ username: 'Bea' }, {}]`); afterAll closes the harness.
 * The objects returned are empty until that beforeAll has run (it fills them in place), so read them inside hooks and
 * tests, never while the tests are being collected. Hooks the block registers after this call run after it (and its
 * afterAll hooks before the harness closes).
 */
export function useHarness({
  members = 0,
  moderators = 0,
  env = {},
}: {
  members?: CastUsers;
  moderators?: CastUsers;
  env?: Record<string, string> | (() => Record<string, string>);
} = {}): HarnessCast {
  const wanted = (users: CastUsers) => (typeof users === 'number' ? Array.from({ length: users }, () => ({})) : users);
  const [memberOverrides, moderatorOverrides] = [wanted(members), wanted(moderators)];
  const unmade = (overrides: unknown[]) => overrides.map(() => ({}) as TestUser);
  const [madeMembers, madeModerators] = [unmade(memberOverrides), unmade(moderatorOverrides)];
  const cast: HarnessCast = {
    h: {} as Harness,
    admin: {} as TestUser,
    members: madeMembers,
    moderators: madeModerators,
    member: madeMembers[0],
    moderator: madeModerators[0],
  };
  beforeAll(async () => {
    const h = Object.assign(cast.h, await createHarness(typeof env === 'function' ? env() : env));
    const admin = await h.db.kysely.selectFrom('users').select(['id', 'username', 'email']).where('id', '=', 1).executeTakeFirstOrThrow();
    Object.assign(cast.admin, { ...admin, id: Number(admin.id), token: await h.adminToken() });
    for (const [made, overrides, role] of [
      [cast.members, memberOverrides, 'user'],
      [cast.moderators, moderatorOverrides, 'moderator'],
    ] as const) {
      for (const [i, o] of overrides.entries()) Object.assign(made[i], await h.createUser({ ...o, role }));
    }
  });
  // A harness that was never made (its beforeAll failed) has nothing to close.
  afterAll(async () => {
    if ('close' in cast.h) await cast.h.close();
  });
  return cast;
}
