import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

export interface DayCounts {
  dealId: number;
  day: string;
  clicks: number;
  views: number;
  taggedClicks: number;
}

/**
 * Counts gathered in this process's memory since the last flush, per deal per UTC day. A flush hands them over and
 * starts afresh; what it fails to write is merged back, so a database hiccup delays counts instead of losing them.
 */
export class Tally {
  private counts = new Map<string, DayCounts>();

  add(dealId: number, day: string, field: 'clicks' | 'views', tagged = false): void {
    const key = `${dealId}|${day}`;
    let c = this.counts.get(key);
    if (!c) {
      c = { dealId, day, clicks: 0, views: 0, taggedClicks: 0 };
      this.counts.set(key, c);
    }
    c[field]++;
    if (tagged && field === 'clicks') c.taggedClicks++;
  }

  get size(): number {
    return this.counts.size;
  }

  /** Everything gathered, emptied. */
  take(): DayCounts[] {
    const rows = [...this.counts.values()];
    this.counts = new Map();
    return rows;
  }

  /** Puts back rows a flush could not write. */
  restore(rows: DayCounts[]): void {
    for (const r of rows) {
      const key = `${r.dealId}|${r.day}`;
      const c = this.counts.get(key);
      if (!c) this.counts.set(key, { ...r });
      else {
        c.clicks += r.clicks;
        c.views += r.views;
        c.taggedClicks += r.taggedClicks;
      }
    }
  }
}

/** Rows per INSERT: well under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const BATCH = 500;

/**
 * Adds the counts to deal_daily_stats: relative upserts (`clicks = clicks + excluded.clicks`), so every process's
 * flush adds to the same rows without reading them first. Counts of deals deleted meanwhile are dropped (the
 * INSERT ... SELECT only keeps deals that exist), never an error.
 */
export async function writeCounts(db: Db, rows: DayCounts[]): Promise<void> {
  // One order for every process: two flushes upserting the same rows lock them in the same order (no deadlock).
  const sorted = [...rows].sort((a, b) => a.dealId - b.dealId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  for (let i = 0; i < sorted.length; i += BATCH) {
    const part = sorted.slice(i, i + BATCH);
    // Typed values: PostgreSQL would read untyped parameters in VALUES as text.
    const int = (n: number) => sql`CAST(${n} AS integer)`;
    const values = sql.join(part.map((r) => sql`(${int(r.dealId)}, CAST(${r.day} AS varchar(10)), ${int(r.clicks)}, ${int(r.views)}, ${int(r.taggedClicks)})`));
    // The WHERE also tells SQLite's parser that ON CONFLICT is the upsert's, not a join's ON.
    await sql`WITH v(deal_id, day, clicks, views, tagged_clicks) AS (VALUES ${values})
      INSERT INTO deal_daily_stats (deal_id, day, clicks, views, tagged_clicks)
      SELECT v.deal_id, v.day, v.clicks, v.views, v.tagged_clicks FROM v
      WHERE EXISTS (SELECT 1 FROM deals d WHERE d.id = v.deal_id)
      ON CONFLICT (deal_id, day) DO UPDATE SET
        clicks = deal_daily_stats.clicks + excluded.clicks,
        views = deal_daily_stats.views + excluded.views,
        tagged_clicks = deal_daily_stats.tagged_clicks + excluded.tagged_clicks`.execute(db.kysely);
  }
}
