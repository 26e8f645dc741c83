import type { Transaction } from 'kysely';
import { toPence } from '../../../shared/domain/money.js';
import { hotScore } from '../../../shared/domain/temperature.js';
import type { DealCreateInput } from '../../../shared/schemas/deals.js';
import type { Db } from '../../db/connection.js';
import type { Database, DealRow, UserRow } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { isAdmin, isModerator } from '../../plugins/auth.js';
import { removeUpload } from '../../services/images.js';
import { changedFields, logModeration } from '../admin/moderation-log.js';
import { backupDeal } from './backups.js';
import { invalidateDealCounts } from './count-cache.js';
import { isDealUpload, resolveDealImage } from './images.js';
import { canManageDeal, DEAL_NOT_FOUND } from './policy.js';

const toIso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);

async function assertRefs(db: Db | Transaction<Database>, categoryId: number, storeId: number) {
  const k = 'kysely' in db ? db.kysely : db;
  const [category, store] = await Promise.all([
    k.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst(),
    k.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst(),
  ]);
  if (!category) throw badRequest('Please select a category', 'category_id');
  if (!store) throw badRequest('Please select a store', 'store_id');
}

/** The editable columns of the creation payload (SPEC §3), money in pence. */
function dealColumns(input: DealCreateInput, image: { image: string; thumbnail: string }) {
  return {
    title: input.title,
    description: input.description,
    url: input.url,
    image_url: image.image,
    thumbnail_url: image.thumbnail,
    price_pence: toPence(input.price),
    original_price_pence: toPence(input.original_price),
    coupon: input.coupon ? input.coupon : null,
    category_id: input.category_id,
    store_id: input.store_id,
    expires_at: toIso(input.expires_at),
  };
}

/** POST /deals: members' deals wait for review; only an admin may choose another status. */
export async function createDeal(db: Db, uploadsDir: string, input: DealCreateInput, actor: UserRow): Promise<number> {
  const image = resolveDealImage(uploadsDir, input.image_url, input.thumbnail_url);
  await assertRefs(db, input.category_id, input.store_id);
  const status = isAdmin(actor) && input.status ? input.status : 'pending';
  const now = new Date();
  const row = await db.kysely
    .insertInto('deals')
    .values({
      ...dealColumns(input, image),
      user_id: actor.id,
      status,
      source: 'user',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      published_at: now.toISOString(),
      hot_score: hotScore(0, now.getTime()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  invalidateDealCounts(db);
  return Number(row.id);
}

/**
 * PUT /deals/{id}: owner, moderator or admin. Only the team changes the status, so an owner's edit keeps a pending
 * deal pending. The previous row is backed up; the team's edits of others' deals go to the moderation log.
 */
export async function updateDeal(db: Db, uploadsDir: string, id: number, input: DealCreateInput, actor: UserRow): Promise<void> {
  const before = await db.kysely.selectFrom('deals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) throw notFound(DEAL_NOT_FOUND);
  if (!canManageDeal(actor, before)) throw forbidden('You can only edit your own deals');
  const privileged = isModerator(actor);

  const expiresAt = toIso(input.expires_at);
  if (expiresAt && expiresAt !== before.expires_at && Date.parse(expiresAt) <= Date.now()) {
    throw badRequest('Expiration date must be in the future', 'expires_at');
  }
  // An unchanged image is kept as it is; a new one must be a fresh upload.
  const image =
    before.image_url !== null && input.image_url === before.image_url && !input.thumbnail_url
      ? { image: before.image_url, thumbnail: before.thumbnail_url ?? before.image_url }
      : resolveDealImage(uploadsDir, input.image_url, input.thumbnail_url);
  if (input.category_id !== before.category_id || input.store_id !== before.store_id) await assertRefs(db, input.category_id, input.store_id);

  const status = privileged && input.status ? input.status : before.status;
  const now = new Date();
  const goesPublic = status === 'active' && before.status === 'pending';
  const publishedAt = goesPublic ? now.toISOString() : before.published_at;
  const changes = {
    ...dealColumns(input, image),
    expires_at: expiresAt,
    status,
    published_at: publishedAt,
    hot_score: hotScore(before.temperature, Date.parse(publishedAt)),
    updated_at: now.toISOString(),
  };
  await db.kysely.transaction().execute(async (trx) => {
    await backupDeal(trx, id, privileged && before.user_id !== actor.id ? 'admin-edit' : 'owner-edit', actor.id);
    await trx.updateTable('deals').set(changes).where('id', '=', id).execute();
    if (privileged && before.user_id !== actor.id) {
      const diff = changedFields(before as unknown as Record<string, unknown>, changes);
      await logModeration(trx, { actorId: actor.id, action: 'edit', entityType: 'deal', entityId: id, entityTitle: changes.title, ...diff });
    }
  });
  invalidateDealCounts(db);
  if (before.image_url !== changes.image_url) await removeDealFiles(uploadsDir, before);
}

async function removeDealFiles(uploadsDir: string, deal: Pick<DealRow, 'image_url' | 'thumbnail_url'>) {
  for (const p of new Set([deal.image_url, deal.thumbnail_url])) if (isDealUpload(p)) await removeUpload(uploadsDir, p);
}

/**
 * DELETE /deals/{id}: votes, saves, comments and backups go with the row (ON DELETE CASCADE), the image files after
 * the commit. The team deleting someone else's deal is logged.
 */
export async function deleteDeal(db: Db, uploadsDir: string, id: number, actor: UserRow): Promise<void> {
  const deal = await db.kysely.selectFrom('deals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!deal) throw notFound(DEAL_NOT_FOUND);
  if (!canManageDeal(actor, deal)) throw forbidden('You can only delete your own deals');
  await db.kysely.transaction().execute(async (trx) => {
    // Explicit deletes keep this correct even where a foreign key's cascade is not enforced.
    await trx.deleteFrom('votes').where('deal_id', '=', id).execute();
    await trx.deleteFrom('saved_deals').where('deal_id', '=', id).execute();
    await trx.deleteFrom('comments').where('deal_id', '=', id).execute();
    await trx.deleteFrom('deal_backups').where('deal_id', '=', id).execute();
    await trx.deleteFrom('deals').where('id', '=', id).execute();
    if (deal.user_id !== actor.id) {
      await logModeration(trx, { actorId: actor.id, action: 'delete', entityType: 'deal', entityId: id, entityTitle: deal.title, before: { status: deal.status, userId: deal.user_id } });
    }
  });
  invalidateDealCounts(db);
  await removeDealFiles(uploadsDir, deal);
}

