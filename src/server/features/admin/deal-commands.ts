import fs from 'node:fs';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { Deal } from '../../../shared/api.js';
import type { AffiliateConfig } from '../../../shared/domain/affiliate.js';
import { toPence } from '../../../shared/domain/money.js';
import { hotScore } from '../../../shared/domain/temperature.js';
import type { AdminDealEditInput } from '../../../shared/schemas/deals.js';
import { isHttpUrl, isUploadsPath } from '../../../shared/schemas/common.js';
import type { Db } from '../../db/connection.js';
import type { Database, DealRow, DealUpdate } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { removeUpload } from '../../services/images.js';
import { backupDeal } from '../deals/backups.js';
import { invalidateDealCounts } from '../deals/count-cache.js';
import { isDealUpload } from '../deals/images.js';
import { selectDealsWithRefs } from '../deals/deal-with-refs.js';
import { type DealRowWithRefs, presentDeal } from '../deals/presenter.js';
import { changedFields, logModeration } from './moderation-log.js';
import type { AdminDealCreateInput } from './schemas.js';

type Tx = Transaction<Database>;
export const DEAL_NOT_FOUND = 'Deal not found';

/** Any deal, whatever its status, as the admin sees it. */
export async function findAdminDeal(db: Kysely<Database>, id: number, affiliate: AffiliateConfig): Promise<Deal> {
  const row = await selectDealsWithRefs(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(DEAL_NOT_FOUND);
  return presentDeal(row as DealRowWithRefs, { affiliate });
}

/** The deal row inside a transaction, locked against a concurrent admin on PostgreSQL (SQLite serialises writers). */
export async function lockDeal(trx: Tx, db: Db, id: number): Promise<DealRow> {
  const row = await trx
    .selectFrom('deals')
    .selectAll()
    .where('id', '=', id)
    .$if(db.dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound(DEAL_NOT_FOUND);
  return row as DealRow;
}

async function assertCatalogRefs(trx: Tx, categoryId: number, storeId: number, fields = { category: 'categoryId', store: 'storeId' }) {
  const [category, store] = await Promise.all([
    trx.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst(),
    trx.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst(),
  ]);
  if (!category) throw badRequest('Category not found', fields.category);
  if (!store) throw badRequest('Store not found', fields.store);
}

/** A new image given as an uploads path must be one of our deal uploads that exists; an http(s) URL is localized later. */
function assertImage(uploadsDir: string, url: string, field: string) {
  if (isHttpUrl(url)) return;
  const file = isDealUpload(url) ? path.join(uploadsDir, url.slice('/uploads/'.length)) : null;
  if (!file || !fs.existsSync(file)) throw badRequest('Image URL must be a valid URL or a valid uploads path', field);
}

function parseExpiry(value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  const t = Date.parse(value);
  if (!Number.isFinite(t)) throw badRequest('Expiration date must be a valid date', field);
  return new Date(t).toISOString();
}

/** The row columns the admin edit form sets (SPEC §5 Admin deal edit form), from its camelCase values. */
function editColumns(before: DealRow, input: AdminDealEditInput): Omit<DealUpdate, 'updated_at'> {
  const cols: DealUpdate = {
    title: input.title,
    price_pence: toPence(input.price),
    original_price_pence: input.originalPrice === null ? null : toPence(input.originalPrice),
    url: input.url,
    status: input.status,
    store_id: input.storeId,
    category_id: input.categoryId,
    image_url: input.imageUrl,
  };
  if (input.description !== undefined) cols.description = input.description ?? '';
  if (input.coupon !== undefined) cols.coupon = input.coupon ? input.coupon : null;
  if (input.thumbnailUrl !== undefined) {
    const thumb = input.thumbnailUrl?.trim() || null;
    if (thumb && !isUploadsPath(thumb) && !isHttpUrl(thumb)) throw badRequest('Invalid thumbnail path', 'thumbnailUrl');
    cols.thumbnail_url = thumb;
  } else if (input.imageUrl !== before.image_url) {
    // The old thumbnail belongs to the old image; without one the presenter shows the image itself.
    cols.thumbnail_url = null;
  }
  const expiry = parseExpiry(input.expiresAt, 'expiresAt');
  if (expiry !== undefined) cols.expires_at = expiry;
  return cols;
}

/** Publication fields when a deal goes live for the first time: it enters "newest" and "getting warm" now. */
function publishColumns(before: DealRow, nowIso: string): Pick<DealUpdate, 'published_at' | 'hot_score'> {
  return { published_at: nowIso, hot_score: hotScore(before.temperature, Date.parse(nowIso)) };
}

/**
 * Admin edit: backup of the previous row, the update and the moderation log entry (changed fields before and after)
 * commit together or not at all. An edit that changes nothing writes nothing.
 */
export async function editDeal(db: Db, uploadsDir: string, actorId: number, id: number, input: AdminDealEditInput): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await lockDeal(trx, db, id);
    await assertCatalogRefs(trx, input.categoryId, input.storeId);
    if (input.imageUrl !== before.image_url) assertImage(uploadsDir, input.imageUrl, 'imageUrl');
    const nowIso = new Date().toISOString();
    const cols: DealUpdate = editColumns(before, input);
    if (input.status === 'active' && before.status === 'pending') Object.assign(cols, publishColumns(before, nowIso));
    const diff = changedFields(before as unknown as Record<string, unknown>, cols as Record<string, unknown>);
    if (Object.keys(diff.after).length === 0) return;
    await backupDeal(trx, id, 'admin-edit', actorId);
    await trx.updateTable('deals').set({ ...cols, updated_at: nowIso }).where('id', '=', id).execute();
    await logModeration(trx, { actorId, action: 'edit', entityType: 'deal', entityId: id, entityTitle: input.title, ...diff });
  });
  invalidateDealCounts(db);
}

/**
 * Image files of the deal and of every backup of it (an edit or localizing may have replaced an earlier upload). Only
 * deal uploads qualify: a deal pointing at an avatar or a logo never takes that file with it.
 */
function uploadPaths(rows: Array<Pick<DealRow, 'image_url' | 'thumbnail_url'>>): string[] {
  const paths = new Set<string>();
  for (const r of rows) for (const p of [r.image_url, r.thumbnail_url]) if (isDealUpload(p)) paths.add(p);
  return [...paths];
}

/**
 * Deletes a deal for good: votes, saves, comments and backups go with it (ON DELETE CASCADE), the log keeps the last
 * row. Image files are removed after the commit, so a failed delete never leaves a deal without its picture.
 */
export async function deleteDeal(db: Db, uploadsDir: string, actorId: number, id: number): Promise<void> {
  const files = await db.kysely.transaction().execute(async (trx) => {
    const before = await lockDeal(trx, db, id);
    const backups = await trx.selectFrom('deal_backups').select('data').where('deal_id', '=', id).execute();
    const backupRows = backups.flatMap((b) => {
      try {
        return [JSON.parse(b.data) as Pick<DealRow, 'image_url' | 'thumbnail_url'>];
      } catch {
        return [];
      }
    });
    await logModeration(trx, { actorId, action: 'delete', entityType: 'deal', entityId: id, entityTitle: before.title, before });
    await trx.deleteFrom('deals').where('id', '=', id).execute();
    return uploadPaths([before, ...backupRows]);
  });
  invalidateDealCounts(db);
  await Promise.all(files.map((f) => removeUpload(uploadsDir, f)));
}

/** POST /admin/deals: a deal in any status, posted as the admin. */
export async function createDeal(db: Db, uploadsDir: string, actorId: number, input: AdminDealCreateInput): Promise<number> {
  assertImage(uploadsDir, input.image_url, 'image_url');
  if (input.thumbnail_url) assertImage(uploadsDir, input.thumbnail_url, 'thumbnail_url');
  const id = await db.kysely.transaction().execute(async (trx) => {
    await assertCatalogRefs(trx, input.category_id, input.store_id, { category: 'category_id', store: 'store_id' });
    const nowIso = new Date().toISOString();
    const status = input.status ?? 'active';
    const row = await trx
      .insertInto('deals')
      .values({
        title: input.title,
        description: input.description,
        url: input.url,
        image_url: input.image_url,
        thumbnail_url: input.thumbnail_url ?? null,
        price_pence: toPence(input.price),
        original_price_pence: toPence(input.original_price),
        coupon: input.coupon ? input.coupon : null,
        category_id: input.category_id,
        store_id: input.store_id,
        user_id: actorId,
        status,
        source: null,
        created_at: nowIso,
        updated_at: nowIso,
        published_at: nowIso,
        expires_at: parseExpiry(input.expires_at, 'expires_at') ?? null,
        hot_score: hotScore(0, Date.parse(nowIso)),
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await logModeration(trx, {
      actorId,
      action: 'create',
      entityType: 'deal',
      entityId: row.id,
      entityTitle: input.title,
      after: { title: input.title, status, category_id: input.category_id, store_id: input.store_id },
    });
    return row.id;
  });
  invalidateDealCounts(db);
  return Number(id);
}
