import { toPence } from '../../../shared/domain/money.js';
import { DEAL_IMAGE_MESSAGES, type DealCreateInput } from '../../../shared/schemas/deals/deals.js';
import type { Kysely } from 'kysely';
import type { Database, DealRow, UserRow } from '../../db/schema.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { DEAL_IMAGE, type StoredImage, storeImage } from '../../services/images.js';
import { assertCatalogRefs, MEMBER_REF_MESSAGES } from './catalog-refs.js';
import {
  copyUpload,
  createDeal,
  recordUpload,
  type Tx,
  type DealImage,
  deleteDeal,
  editDeal,
  type LifecycleDeps,
  memberDealImage,
  uploadUse,
} from './lifecycle/index.js';
import { assertMayManage, chosenStatus, isTeamEdit } from './policy.js';
import { productColumns } from '../products/index.js';
import type { AppDeps } from '../../deps.js';
import { postsLive } from './posting/trusted.js';

/**
 * The member routes' side of the deal lifecycle: POST, PUT and DELETE /deals in the spec's snake_case payload, with
 * the member form's messages. Every change itself is made by ./lifecycle.
 */

const toIso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);

/** The editable columns of the creation payload (SPEC §3), money in pence. */
function payloadColumns(input: DealCreateInput) {
  return {
    title: input.title,
    description: input.description,
    url: input.url,
    price_pence: toPence(input.price),
    original_price_pence: toPence(input.original_price),
    coupon: input.coupon ? input.coupon : null,
    category_id: input.category_id,
    store_id: input.store_id,
    expires_at: toIso(input.expires_at),
  };
}

/** The picture a member asks for: their own unused upload, or (for the team) a copy of any upload. */
async function usableImage(deps: LifecycleDeps, db: Tx | Kysely<Database>, actor: UserRow, input: DealCreateInput, dealId: number | null): Promise<DealImage> {
  const image = await memberDealImage(deps.config.uploadsDir, input.image_url, input.thumbnail_url);
  const use = await uploadUse(db, actor, image.image, dealId);
  return use === 'own' ? image : copyUpload(db, deps.config.uploadsDir, image.image, actor.id);
}

/**
 * POST /deals: members' deals wait for review, except a trusted poster's, which go live at once (posted_live marks
 * them for the team's "Posted by trusted members" list); only an admin may choose another status.
 */
export async function postDeal(deps: LifecycleDeps & Pick<AppDeps, 'config'>, input: DealCreateInput, actor: UserRow): Promise<number> {
  const image = await usableImage(deps, deps.db.kysely, actor, input, null);
  await assertCatalogRefs(deps.db.kysely, input.category_id, input.store_id, MEMBER_REF_MESSAGES);
  const product = await productColumns(deps.db, input.url, actor, input.allowDuplicate);
  const chosen = chosenStatus(actor, input.status);
  const live = chosen === null && (await postsLive(deps.db, actor, deps.config.trustedPosters));
  return createDeal(deps, {
    columns: {
      ...payloadColumns(input),
      ...product,
      image_url: image.image,
      thumbnail_url: image.thumbnail,
      user_id: actor.id,
      status: chosen ?? (live ? 'active' : 'pending'),
      posted_live: live ? 1 : 0,
      source: 'user',
    },
    actor,
    origin: 'member',
  });
}

/** A member route's change of deal `id`: only its owner or the team may make it (`verb` says what is refused). */
function ownerOrTeamChange(id: number, actor: UserRow, verb: 'edit' | 'delete') {
  return {
    id,
    actor,
    origin: 'member' as const,
    authorize: (before: DealRow) => {
      assertMayManage(actor, before, verb);
    },
  };
}

/**
 * PUT /deals/{id}: owner, moderator or admin. Only an admin changes the status (activation is an admin's decision
 * everywhere), so anyone else's edit keeps the status as it is. The team's edits of others' deals are logged.
 */
export async function reviseDeal(deps: LifecycleDeps, id: number, input: DealCreateInput, actor: UserRow): Promise<void> {
  await editDeal(deps, {
    ...ownerOrTeamChange(id, actor, 'edit'),
    columns: async (before, trx) => {
      const cols = payloadColumns(input);
      if (cols.expires_at && cols.expires_at !== before.expires_at && Date.parse(cols.expires_at) <= Date.now()) {
        throw badRequest('Expiration date must be in the future', 'expires_at');
      }
      // An unchanged image is kept as it is, with its thumbnail; a new one must be an upload the editor may use.
      const image =
        before.image_url !== null && input.image_url === before.image_url
          ? { image: before.image_url, thumbnail: before.thumbnail_url ?? before.image_url }
          : await usableImage(deps, trx, actor, input, before.id);
      if (cols.category_id !== before.category_id || cols.store_id !== before.store_id) {
        await assertCatalogRefs(trx, cols.category_id, cols.store_id, MEMBER_REF_MESSAGES);
      }
      const status = chosenStatus(actor, input.status) ?? before.status;
      return { ...cols, image_url: image.image, thumbnail_url: image.thumbnail, status };
    },
    backup: (before) => (isTeamEdit(actor, before.user_id) ? 'admin-edit' : 'owner-edit'),
    audit: (before, _after, diff) => (isTeamEdit(actor, before.user_id) ? { action: 'edit', ...diff } : null),
  });
}

/** DELETE /deals/{id}: the owner or the team; the team deleting someone else's deal is logged. */
export async function removeDeal(deps: LifecycleDeps, id: number, actor: UserRow): Promise<void> {
  await deleteDeal(deps, {
    ...ownerOrTeamChange(id, actor, 'delete'),
    audit: (before) => before.user_id !== actor.id,
  });
}

/** POST /deals/upload-image: the re-encoded image and thumbnail, noted as the uploader's until a deal claims them. */
export async function uploadDealImage(deps: LifecycleDeps, actor: UserRow, bytes: Buffer): Promise<{ imageUrl: string; thumbnailUrl: string }> {
  let stored: StoredImage;
  try {
    stored = await storeImage(bytes, deps.config.uploadsDir, 'deals', DEAL_IMAGE);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 415) throw new HttpError(415, DEAL_IMAGE_MESSAGES.notImage, { field: 'image' });
    throw err;
  }
  await recordUpload(deps.db.kysely, stored.url, actor.id);
  return { imageUrl: stored.url, thumbnailUrl: stored.thumbnailUrl };
}
