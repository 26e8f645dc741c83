import type { Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import { invalidateDealCounts } from '../../db/reads/count-cache.js';
import type { CategoryRow, Database, StoreRow } from '../../db/schema.js';
import { transactionOrConflict } from '../../db/unique.js';
import { type HttpError, notFound } from '../../http/errors.js';
import { assertNoDealsIn } from '../deals/index.js';
import { changedFields, logModeration } from '../moderation/index.js';

/**
 * The catalog's writes (categories and stores, SPEC §5 Category and store): a row with a unique column (a category's
 * slug, a store's name), created, edited and deleted by the team in one transaction with its moderation log entry; a
 * clash on the unique column is a 409, deleting a row that deals still use is refused, and every write drops the
 * cached deal counts (the lists count deals per row).
 */
interface CatalogRows {
  categories: CategoryRow;
  stores: StoreRow;
}
type CatalogTable = keyof CatalogRows;

export interface CatalogKind<T extends CatalogTable> {
  table: T;
  entityType: 'category' | 'store';
  /** The deals column pointing at a row. */
  dealColumn: 'category_id' | 'store_id';
  notFound: string;
  /** The refusal to delete a row that deals still use. */
  hasDeals: string;
  /** The 409 of a unique column already taken. */
  taken: () => HttpError;
}

/** A catalog table with its refusals: 404, deals still using a row, and the 409 of its unique column. */
export function catalogKind<T extends CatalogTable>(table: T, notFound: string, hasDeals: string, taken: () => HttpError): CatalogKind<T> {
  const entityType = table === 'categories' ? 'category' : 'store';
  return { table, entityType, dealColumn: `${entityType}_id`, notFound, hasDeals, taken };
}

/** What a change writes: the logged fields (the name among them) and the columns written along without being logged. */
export interface CatalogChange {
  logged: { name: string } & Record<string, unknown>;
  derived?: Record<string, unknown>;
}

async function rowOrNotFound<T extends CatalogTable>(trx: Transaction<Database>, kind: CatalogKind<T>, id: number): Promise<CatalogRows[T]> {
  const row = await trx
    .selectFrom(kind.table as CatalogTable)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(kind.notFound);
  return row as CatalogRows[T];
}

async function write<R>(db: Db, kind: CatalogKind<CatalogTable>, work: (trx: Transaction<Database>) => Promise<R>): Promise<R> {
  const result = await transactionOrConflict(db, kind.taken, work);
  invalidateDealCounts(db);
  return result;
}

/** Inserts a row; answers its id. */
export function createCatalogRow<T extends CatalogTable>(db: Db, kind: CatalogKind<T>, change: CatalogChange, actorId: number | null): Promise<number> {
  const now = new Date().toISOString();
  return write(db, kind, async (trx) => {
    const row = await trx
      .insertInto(kind.table as CatalogTable)
      .values({ ...change.logged, ...change.derived, created_at: now, updated_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const entityId = Number(row.id);
    await logModeration(trx, { actorId, action: 'create', entityType: kind.entityType, entityId, entityTitle: change.logged.name, after: change.logged });
    return entityId;
  });
}

/** Rewrites a row's fields; the log keeps those that changed. */
export function updateCatalogRow<T extends CatalogTable>(
  db: Db,
  kind: CatalogKind<T>,
  id: number,
  change: CatalogChange,
  actorId: number | null,
): Promise<void> {
  return write(db, kind, async (trx) => {
    const before = await rowOrNotFound(trx, kind, id);
    await trx
      .updateTable(kind.table as CatalogTable)
      .set({ ...change.logged, ...change.derived, updated_at: new Date().toISOString() } as never)
      .where('id', '=', id)
      .execute();
    await logModeration(trx, {
      actorId,
      action: 'edit',
      entityType: kind.entityType,
      entityId: id,
      entityTitle: change.logged.name,
      ...changedFields(before, change.logged),
    });
  });
}

/** Deletes a row no deal (in any status) uses; the log keeps `logged(before)`. Answers the deleted row. */
export function deleteCatalogRow<T extends CatalogTable>(
  db: Db,
  kind: CatalogKind<T>,
  id: number,
  logged: (before: CatalogRows[T]) => Record<string, unknown>,
  actorId: number | null,
): Promise<CatalogRows[T]> {
  return write(db, kind, async (trx) => {
    const before = await rowOrNotFound(trx, kind, id);
    await assertNoDealsIn(trx, kind.dealColumn, id, kind.hasDeals);
    await trx
      .deleteFrom(kind.table as CatalogTable)
      .where('id', '=', id)
      .execute();
    await logModeration(trx, { actorId, action: 'delete', entityType: kind.entityType, entityId: id, entityTitle: before.name, before: logged(before) });
    return before;
  });
}
