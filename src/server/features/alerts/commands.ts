import type { Transaction } from 'kysely';
import { ALERT_MESSAGES, type AlertCreate, type AlertUpdate } from '../../../shared/schemas/members/alerts.js';
import { toPence } from '../../../shared/domain/money.js';
import type { Db } from '../../db/connection.js';
import type { AlertsTable, Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { alertKeys, alertSearch } from './matching/terms.js';
import { assertNoTwin, assertRoomForAnother, ownAlert } from './policy.js';
import type { AlertRow } from './presenter.js';
import { alertOfUnsubscribeToken, findOwnAlert } from './queries.js';

type Tx = Transaction<Database>;
type AlertColumns = Pick<AlertsTable, 'query' | 'category_id' | 'store_id' | 'max_price_pence' | 'min_temperature' | 'frequency'> & { paused: number };

const nowIso = () => new Date().toISOString();

/** Words that are all excluded (`-refurbished`) would match no deal: the alert needs one to look for. */
export const ONLY_EXCLUSIONS = 'Keywords need a word to look for, not only words to leave out (-word)';

/** The alert's index keys (matching/terms.ts matchKeys); a query of exclusions only is refused (400). */
function keyColumns(query: string) {
  if (alertSearch(query).groups.length === 0) throw badRequest(ONLY_EXCLUSIONS, 'query');
  const [match_key, match_key2] = alertKeys(query);
  return { match_key, match_key2 };
}

/** A given category and store must exist (a filter on nothing would never match). */
async function assertRefs(trx: Tx, categoryId: number | null, storeId: number | null): Promise<void> {
  if (categoryId !== null && !(await trx.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst())) {
    throw badRequest(ALERT_MESSAGES.category, 'categoryId');
  }
  if (storeId !== null && !(await trx.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst())) {
    throw badRequest(ALERT_MESSAGES.store, 'storeId');
  }
}

/**
 * The member's alerts in a transaction that holds off their other alert writes (a lock on the member's row on
 * PostgreSQL; SQLite has one writer), so the limit of 25 and the duplicate check cannot be raced past.
 */
async function lockedAlerts(trx: Tx, db: Db, userId: number): Promise<AlertRow[]> {
  if (db.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  return trx.selectFrom('alerts').selectAll().where('user_id', '=', userId).execute();
}

/** POST /alerts: at most 25 a member; the alert's match key is worked out from its words (matching/terms.ts). */
export async function createAlert(deps: { db: Db }, userId: number, input: AlertCreate): Promise<AlertRow> {
  const { db } = deps;
  const columns: AlertColumns = {
    query: input.query,
    category_id: input.categoryId ?? null,
    store_id: input.storeId ?? null,
    max_price_pence: input.maxPrice === null || input.maxPrice === undefined ? null : toPence(input.maxPrice),
    min_temperature: input.minTemperature ?? null,
    frequency: input.frequency,
    paused: input.paused ? 1 : 0,
  };
  return db.kysely.transaction().execute(async (trx) => {
    const mine = await lockedAlerts(trx, db, userId);
    assertRoomForAnother(mine);
    await assertRefs(trx, columns.category_id, columns.store_id);
    assertNoTwin(columns, mine);
    const now = nowIso();
    return (await trx
      .insertInto('alerts')
      .values({ ...columns, user_id: userId, ...keyColumns(columns.query), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow()) as AlertRow;
  });
}

/** PUT /alerts/{id}: any subset of the fields; null clears a filter. Another member's alert is 404. */
export async function updateAlert(deps: { db: Db }, userId: number, id: number, patch: AlertUpdate): Promise<AlertRow> {
  const { db } = deps;
  return db.kysely.transaction().execute(async (trx) => {
    const mine = await lockedAlerts(trx, db, userId);
    const before = ownAlert(mine, id);
    const columns: AlertColumns = {
      query: patch.query ?? before.query,
      category_id: patch.categoryId === undefined ? before.category_id : patch.categoryId,
      store_id: patch.storeId === undefined ? before.store_id : patch.storeId,
      max_price_pence: patch.maxPrice === undefined ? before.max_price_pence : patch.maxPrice === null ? null : toPence(patch.maxPrice),
      min_temperature: patch.minTemperature === undefined ? before.min_temperature : patch.minTemperature,
      frequency: patch.frequency ?? before.frequency,
      paused: patch.paused === undefined ? before.paused : patch.paused ? 1 : 0,
    };
    if (columns.category_id !== before.category_id || columns.store_id !== before.store_id) {
      await assertRefs(
        trx,
        columns.category_id === before.category_id ? null : columns.category_id,
        columns.store_id === before.store_id ? null : columns.store_id,
      );
    }
    assertNoTwin(
      columns,
      mine.filter((a) => a.id !== id),
    );
    return (await trx
      .updateTable('alerts')
      .set({ ...columns, ...keyColumns(columns.query), updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()) as AlertRow;
  });
}

/** DELETE /alerts/{id}: its matches go with it; mails not sent yet are dropped by their handler (the alert is gone). */
export async function deleteAlert(deps: { db: Db }, userId: number, id: number): Promise<void> {
  const { db } = deps;
  await findOwnAlert(db, userId, id);
  await db.kysely.deleteFrom('alerts').where('id', '=', id).where('user_id', '=', userId).execute();
}

/**
 * POST /alerts/unsubscribe?token=: the one-click unsubscribe of the mails (RFC 8058). It pauses the alert rather
 * than deleting it: the member keeps its words and filters and can resume it on /alerts, and a mail scanner that
 * follows the link destroys nothing. Pausing twice is fine.
 */
export async function unsubscribeAlert(deps: { db: Db; config: { jwtSecret: string } }, token: string): Promise<AlertRow> {
  const alert = await alertOfUnsubscribeToken(deps.db, deps.config.jwtSecret, token);
  if (alert.paused === 1) return alert;
  return (await deps.db.kysely
    .updateTable('alerts')
    .set({ paused: 1, updated_at: nowIso() })
    .where('id', '=', alert.id)
    .returningAll()
    .executeTakeFirstOrThrow()) as AlertRow;
}
