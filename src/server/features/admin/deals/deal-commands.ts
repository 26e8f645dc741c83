import type { Db } from '../../../db/connection.js';
import type { Kysely } from 'kysely';
import type { AdminDealCreateInput, AdminDealEditInput } from '../../../../shared/schemas/admin/admin-deals.js';
import type { Deal } from '../../../../shared/schemas/deals/deals.js';
import type { AffiliateConfig } from '../../../../shared/domain/shops/affiliate.js';
import { toPence } from '../../../../shared/domain/money.js';
import type { Database, DealRow, DealUpdate } from '../../../db/schema.js';
import { badRequest, notFound } from '../../../http/errors.js';
import {
  adminRefMessages,
  assertCatalogRefs,
  createDeal,
  DEAL_NOT_FOUND,
  deleteDeal,
  editDeal,
  type LifecycleDeps,
  presentDeal,
  selectDealsWithRefs,
  copyUpload,
  isDealUpload,
  staffImage,
  staffThumbnail,
  type Tx,
  uploadUse,
  type Actor,
  type DealRowWithRefs,
} from '../../deals/index.js';
import { productColumns } from '../../products/index.js';

/**
 * The admin screens' side of the deal lifecycle: the camelCase edit form and the admin create payload, with their
 * messages. Every change itself is made by features/deals/lifecycle, and every one of them is logged.
 */

/** Any deal, whatever its status, as the admin sees it. */
export async function findAdminDeal(db: Db, id: number, affiliate: AffiliateConfig): Promise<Deal> {
  const row = await selectDealsWithRefs(db.kysely).select('d.duplicate_of').where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(DEAL_NOT_FOUND);
  return presentDeal(row as DealRowWithRefs, { affiliate, forTeam: true });
}

function parseExpiry(value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  const t = Date.parse(value);
  if (!Number.isFinite(t)) throw badRequest('Expiration date must be a valid date', field);
  return new Date(t).toISOString();
}

/**
 * The team's image: an external URL (localized later) or a deal upload; an upload another deal shows, or someone
 * else's, is copied so that two deals never share a file.
 */
async function teamImage(
  deps: LifecycleDeps,
  db: Tx | Kysely<Database>,
  actor: Actor,
  url: string,
  field: string,
  dealId: number | null,
): Promise<{ image: string; thumbnail?: string }> {
  const image = await staffImage(deps.config.uploadsDir, url, field);
  if (!isDealUpload(image)) return { image };
  if ((await uploadUse(db, actor, image, dealId)) === 'own') return { image };
  return copyUpload(db, deps.config.uploadsDir, image, actor.id);
}

/** The row columns the admin edit form sets (SPEC §5 Admin deal edit form), from its camelCase values. */
function editColumns(before: DealRow, input: AdminDealEditInput, image: { image: string; thumbnail?: string }): DealUpdate {
  const cols: DealUpdate = {
    title: input.title,
    price_pence: toPence(input.price),
    original_price_pence: input.originalPrice === null ? null : toPence(input.originalPrice),
    url: input.url,
    status: input.status,
    store_id: input.storeId,
    category_id: input.categoryId,
    image_url: image.image,
  };
  if (input.description !== undefined) cols.description = input.description ?? '';
  if (input.coupon !== undefined) cols.coupon = input.coupon ? input.coupon : null;
  if (image.thumbnail) cols.thumbnail_url = image.thumbnail;
  else if (input.thumbnailUrl !== undefined) cols.thumbnail_url = staffThumbnail(input.thumbnailUrl);
  // The old thumbnail belongs to the old image; without one the presenter shows the image itself.
  else if (input.imageUrl !== before.image_url) cols.thumbnail_url = null;
  const expiry = parseExpiry(input.expiresAt, 'expiresAt');
  if (expiry !== undefined) cols.expires_at = expiry;
  return cols;
}

/** PUT /admin/deals/{id}: backup, update and log entry commit together; an edit that changes nothing writes nothing. */
export async function editDealAsAdmin(deps: LifecycleDeps, actor: Actor, id: number, input: AdminDealEditInput): Promise<void> {
  await editDeal(deps, {
    id,
    actor,
    origin: 'admin',
    columns: async (before, trx) => {
      await assertCatalogRefs(trx, input.categoryId, input.storeId, adminRefMessages('categoryId', 'storeId'));
      const image = input.imageUrl === before.image_url ? { image: input.imageUrl } : await teamImage(deps, trx, actor, input.imageUrl, 'imageUrl', before.id);
      return editColumns(before, input, image);
    },
    backup: 'admin-edit',
    audit: (_before, _after, diff) => ({ action: 'edit', ...diff }),
  });
}

/** DELETE /admin/deals/{id}: for good, logged with the last row. */
export async function deleteDealAsAdmin(deps: LifecycleDeps, actor: Actor, id: number): Promise<void> {
  await deleteDeal(deps, { id, actor, origin: 'admin', audit: () => true });
}

/** POST /admin/deals: a deal in any status (active unless said), posted as the admin. */
export async function createDealAsAdmin(deps: LifecycleDeps, actor: Actor, input: AdminDealCreateInput): Promise<number> {
  const image = await teamImage(deps, deps.db.kysely, actor, input.image_url, 'image_url', null);
  const thumbnail = image.thumbnail ?? (input.thumbnail_url ? await staffImage(deps.config.uploadsDir, input.thumbnail_url, 'thumbnail_url') : null);
  await assertCatalogRefs(deps.db.kysely, input.category_id, input.store_id, adminRefMessages('category_id', 'store_id'));
  const product = await productColumns(deps.db, input.url, actor, input.allowDuplicate);
  return createDeal(deps, {
    columns: {
      ...product,
      title: input.title,
      description: input.description,
      url: input.url,
      image_url: image.image,
      thumbnail_url: thumbnail,
      price_pence: toPence(input.price),
      original_price_pence: toPence(input.original_price),
      coupon: input.coupon ? input.coupon : null,
      category_id: input.category_id,
      store_id: input.store_id,
      user_id: actor.id,
      status: input.status ?? 'active',
      source: null,
      expires_at: parseExpiry(input.expires_at, 'expires_at') ?? null,
    },
    actor,
    origin: 'admin',
    audit: true,
  });
}
