/**
 * What notifications cost (docs/notes/notifications.md "Bench"), on SQLite (default, a temporary file) or PostgreSQL
 * (BENCH_DATABASE_URL=postgres://...: a temporary database):
 * - POST /api/comments: a plain comment on a member's deal (it notifies the poster) against a comment naming three
 *   members (four notifications, one lookup of the names), interleaved so both meet the same machine; the target is a
 *   p95 ratio of at most 1.2;
 * - GET /api/notifications/unread-count for a member with 500 notifications (half unread), and the count query alone;
 *   the target is under 2 ms p95. The count reads the member's entries of the partial unread index only, so the size
 *   of the rest of the database does not enter it (plans.test.ts checks the plan on both engines).
 * Requests go through the whole app in process (app.inject: routing, auth, validation, the handler, serialisation).
 *
 *   npx tsx bench/notifications.ts [--comments 400] [--counts 2000]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/notifications.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { seedReferenceData } from '../src/server/db/seed/index.js';
import { unreadCount } from '../src/server/features/notifications/queries.js';
import { insertUser } from '../src/server/features/users/index.js';
import { hashPassword } from '../src/server/services/passwords.js';
import { insertDeal } from '../src/server/test/data/insert-deal.js';
import { openBenchDb } from './lib/bench-db.js';
import { round, summarise } from './lib/stats.js';
import { scriptFlag } from './lib/options.js';

const COMMENTS = Number(scriptFlag('comments', '400'));
const COUNTS = Number(scriptFlag('counts', '2000'));
const WARMUP = 50;

async function main() {
  const { db, label, url, cleanup } = await openBenchDb('notifications');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-bench-notify-'));
  try {
    await migrateToLatest(db);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Bench-Admin-Passw0rd',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_FACTOR: '100000',
      ...(url ? { DATABASE_URL: url } : {}),
    });
    await seedReferenceData(db, config);
    const app = await buildApp({ config, db, mailer: { send: async () => {} } }, { serveWeb: false });
    await app.ready();
    const hash = await hashPassword('Bench-Passw0rd');
    const now = new Date().toISOString();
    const member = async (username: string) => {
      const u = await insertUser(db.kysely, {
        username,
        email: `${username}@bench.test`,
        password_hash: hash,
        role: 'user',
        avatar: null,
        bio: null,
        email_verified_at: now,
      });
      return { id: u.id, token: await app.deps.tokens.sign({ userId: u.id, version: u.token_version }) };
    };
    const poster = await member('bench_poster');
    const writer = await member('bench_writer');
    for (const n of ['bench_ann', 'bench_bob', 'bench_cat']) await member(n);
    const dealId = await insertDeal(
      { db },
      { title: 'Bench deal', description: 'A deal to comment on', url: 'https://shop.example/bench', user_id: poster.id, status: 'active' },
    );
    const post = async (text: string) => {
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: { authorization: `Bearer ${writer.token}` },
        payload: { dealId, text },
      });
      if (res.statusCode !== 201) throw new Error(`POST /api/comments ${res.statusCode}: ${res.body}`);
      return performance.now() - t;
    };
    const plain: number[] = [];
    const mentions: number[] = [];
    for (let i = 0; i < WARMUP + COMMENTS; i++) {
      const a = await post(`A plain comment number ${i}, nothing more to it`);
      const b = await post(`Worth a look @bench_ann @bench_bob @bench_cat number ${i}`);
      if (i >= WARMUP) {
        plain.push(a);
        mentions.push(b);
      }
    }

    // A member with 500 notifications, half unread.
    await db.kysely.deleteFrom('notifications').where('user_id', '=', poster.id).execute();
    const rows = Array.from({ length: 500 }, (_, i) => ({
      user_id: poster.id,
      type: 'deal.comment',
      text: `n${i}`,
      url: '/',
      group_key: `bench:${i}`,
      created_at: new Date(Date.now() - i * 60_000).toISOString(),
      read_at: i % 2 ? now : null,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await db.kysely
        .insertInto('notifications')
        .values(rows.slice(i, i + 100))
        .execute();
    const route: number[] = [];
    const query: number[] = [];
    for (let i = 0; i < WARMUP + COUNTS; i++) {
      let t = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { authorization: `Bearer ${poster.token}` } });
      const took = performance.now() - t;
      if (res.json().data.count !== 250) throw new Error(`unexpected count ${res.body}`);
      t = performance.now();
      await unreadCount(db, poster.id);
      const q = performance.now() - t;
      if (i >= WARMUP) {
        route.push(took);
        query.push(q);
      }
    }
    await app.close();

    const p = summarise(plain);
    const m = summarise(mentions);
    const results = {
      engine: label,
      at: new Date().toISOString(),
      comment: {
        plainP95Ms: round(p.p95),
        threeMentionsP95Ms: round(m.p95),
        ratioP95: round(m.p95 / p.p95),
        plainP50Ms: round(p.p50),
        threeMentionsP50Ms: round(m.p50),
      },
      unreadCount: { routeP95Ms: round(summarise(route).p95, 3), routeP50Ms: round(summarise(route).p50, 3), queryP95Ms: round(summarise(query).p95, 3) },
    };
    console.log(JSON.stringify(results, null, 2));
    const out = path.join('bench', 'results', `notifications-${label === 'SQLite' ? 'sqlite' : 'postgres'}.json`);
    fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
