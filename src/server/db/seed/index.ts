import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { hashPassword } from '../../services/passwords.js';
import type { Db } from '../connection.js';
import { CATEGORIES, STORES } from './reference-data.js';
import { SEEDED_ADMIN_IDS } from '../../../shared/domain/access/permissions.js';
import { shopHost } from '../../../shared/domain/shops/shop-domain.js';

export const ADMIN_ACCOUNTS = [
  { id: 1, username: 'admin', email: 'admin@quidsin.local' },
  { id: 2, username: 'admin2', email: 'admin2@quidsin.local' },
] as const;

/** After inserting explicit ids, PostgreSQL's serial sequences must move past them. */
export async function resetSequences(db: Db, tables: string[]) {
  if (db.dialect !== 'postgres') return;
  for (const t of tables) {
    await sql`SELECT setval(pg_get_serial_sequence(${t}, 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${sql.table(t)}), 1))`.execute(db.kysely);
  }
}

/** Reference data and the two administrators; idempotent, runs on every start. Returns true on a fresh database. */
export async function seedReferenceData(db: Db, config: Pick<Config, 'adminPassword'>): Promise<boolean> {
  const k = db.kysely;
  const existing = await k.selectFrom('users').select('id').where('id', 'in', SEEDED_ADMIN_IDS).execute();
  const fresh = existing.length === 0 && !(await k.selectFrom('categories').select('id').limit(1).executeTakeFirst());
  const now = new Date().toISOString();

  if (fresh) {
    await k
      .insertInto('categories')
      .values(CATEGORIES.map((c) => ({ ...c, created_at: now, updated_at: now })))
      .execute();
    await k
      .insertInto('stores')
      .values(STORES.map((s) => ({ ...s, name_key: s.name.toLowerCase(), domain: shopHost(s.url), logo_url: null, created_at: now, updated_at: now })))
      .execute();
  }
  if (existing.length < 2) {
    const passwordHash = await hashPassword(config.adminPassword);
    for (const admin of ADMIN_ACCOUNTS) {
      if (existing.some((e) => e.id === admin.id)) continue;
      await k
        .insertInto('users')
        .values({
          ...admin,
          username_key: admin.username,
          password_hash: passwordHash,
          role: 'admin',
          avatar: null,
          bio: admin.id === 1 ? 'QuidsIn administrator' : null,
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
  // Accounts 1 and 2 are always administrators (SPEC §6; shared/domain/access/permissions.ts mayHoldRole): a database edited
  // by hand gets the role back at the next start.
  await k.updateTable('users').set({ role: 'admin' }).where('id', 'in', SEEDED_ADMIN_IDS).where('role', '!=', 'admin').execute();
  await resetSequences(db, ['users', 'categories', 'stores']);
  return fresh;
}

export interface SeedOptions {
  demoData?: boolean;
  uploadsDir: string;
  logger?: FastifyBaseLogger;
}

/** Reference data always; demo members and deals on a fresh database unless DEMO_DATA=0. */
export async function seed(db: Db, config: Pick<Config, 'adminPassword' | 'demoData' | 'uploadsDir'>, logger?: FastifyBaseLogger) {
  const fresh = await seedReferenceData(db, config);
  const wantDemo = config.demoData ?? fresh;
  if (wantDemo) {
    const { seedDemoData } = await import('./demo.js');
    const hasDeals = await db.kysely.selectFrom('deals').select('id').limit(1).executeTakeFirst();
    if (!hasDeals) {
      await seedDemoData(db, { uploadsDir: config.uploadsDir });
      logger?.info('demo data seeded');
    }
  }
}
