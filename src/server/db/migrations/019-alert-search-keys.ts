import { alertKeys } from '../../features/alerts/matching/terms.js';
import type { Dialect } from '../connection.js';
import type { MigrationDb } from './columns.js';

/** Alerts read and rekeyed per batch, in id order. */
const BATCH = 1000;

/**
 * Alerts are matched with the search's query understanding (docs/notes/alerts.md "Matching"): an alert's index keys are
 * now its groups' (a synonym class, a model name, a phrase count as one group; `-excluded` words are never keys: a deal
 * that matches does not hold them). Saved alerts are rekeyed here, in batches, only where a key changes ("samsung
 * -refurbished" was keyed under "refurbis", which no matching deal offers). No schema change. Down leaves the keys:
 * every new key is the start of one of the alert's typed words, which the old rule's deals offered as well.
 */
export function alertSearchKeys(_dialect: Dialect) {
  return {
    async up(db: MigrationDb) {
      let after = 0;
      for (;;) {
        const rows: Array<{ id: number; query: string; match_key: string; match_key2: string }> = await db
          .selectFrom('alerts')
          .select(['id', 'query', 'match_key', 'match_key2'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        if (rows.length === 0) break;
        for (const r of rows) {
          const [key, key2] = alertKeys(r.query);
          if (key !== r.match_key || key2 !== r.match_key2) {
            await db.updateTable('alerts').set({ match_key: key, match_key2: key2 }).where('id', '=', r.id).execute();
          }
        }
        after = Number(rows[rows.length - 1].id);
      }
    },
    async down(_db: MigrationDb) {},
  };
}
