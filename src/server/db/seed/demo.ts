import type { Db } from '../connection.js';

/** Placeholder until the deals issue lands its realistic demo data (members, ~150 deals, votes, comments, images). */
export async function seedDemoData(_db: Db, _opts: { uploadsDir: string }): Promise<void> {}
