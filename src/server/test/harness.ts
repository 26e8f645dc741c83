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
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Db, openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedReferenceData } from '../db/seed/index.js';
import { insertUser } from '../features/users/queries.js';
import type { Mailer, MailMessage } from '../services/mail.js';
import { hashPassword } from '../services/passwords.js';

export const TEST_ADMIN_PASSWORD = 'Admin-Passw0rd';
export const TEST_PASSWORD = 'Member-Passw0rd';

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
  createUser(overrides?: { username?: string; role?: 'user' | 'moderator' | 'admin'; verified?: boolean }): Promise<{ id: number; username: string; email: string; token: string }>;
  /** Token of the seeded admin (id 1). */
  adminToken(): Promise<string>;
}

let counter = 0;
let hashedTestPassword: Promise<string> | undefined;

async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `quidsin_test_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // pg's pool.end() resolves before its clients have hung up; terminating them under FORCE would raise an
      // unhandled 'error' on those clients, so wait (briefly) for them to leave first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-test-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  const pgDb = pgBase ? await createPostgresDatabase(pgBase) : undefined;
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
    async adminToken() {
      return app.deps.tokens.sign({ userId: 1, version: 0 });
    },
  };
  return harness;
}
