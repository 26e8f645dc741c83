import { isStaff } from '../../../../shared/domain/access/roles.js';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { isHttpUrl, isUploadsPath } from '../../../../shared/schemas/common.js';
import { DEAL_IMAGE_MESSAGES } from '../../../../shared/schemas/deals/deals.js';
import type { Database, DealRow } from '../../../db/schema.js';
import { badRequest } from '../../../http/errors.js';
import { copyUploadFile, removeUpload, uploadExists as storedUploadExists } from '../../../services/images.js';

export const DEAL_UPLOAD_PREFIX = '/uploads/deals/';

/** The file on disk behind a /uploads/deals/ path, or null when the path is not a plain file name there. */
function uploadFile(uploadsDir: string, publicPath: string): string | null {
  if (!publicPath.startsWith(DEAL_UPLOAD_PREFIX)) return null;
  const name = publicPath.slice(DEAL_UPLOAD_PREFIX.length);
  if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) return null;
  return path.join(uploadsDir, 'deals', name);
}

/** A plain deal upload that exists in the uploads storage (local disk or the S3 bucket: infra/storage.ts). */
const uploadExists = async (uploadsDir: string, publicPath: string) =>
  !!uploadFile(uploadsDir, publicPath) && (await storedUploadExists(uploadsDir, publicPath));

/** Only files under /uploads/deals/ belong to a deal and may be deleted with it. */
export const isDealUpload = (p: string | null | undefined): p is string => !!p && uploadFile('/', p) !== null;

export interface DealImage {
  image: string;
  thumbnail: string;
}

const thumbOf = (imageUrl: string) => imageUrl.replace(/\.webp$/, '-thumb.webp');

/**
 * A member's deal image must be one of our own deal uploads (POST /deals/upload-image) that still exists, never an
 * arbitrary path or URL. The thumbnail is the upload's own -thumb sibling (or the image itself), never another file.
 */
export async function memberDealImage(uploadsDir: string, imageUrl: string, thumbnailUrl?: string | null): Promise<DealImage> {
  if (!(await uploadExists(uploadsDir, imageUrl))) throw badRequest(DEAL_IMAGE_MESSAGES.required, 'image_url');
  const sibling = thumbOf(imageUrl);
  const hasSibling = sibling !== imageUrl && (await uploadExists(uploadsDir, sibling));
  if (thumbnailUrl && thumbnailUrl !== imageUrl && !(hasSibling && thumbnailUrl === sibling)) throw badRequest('Invalid thumbnail path', 'thumbnail_url');
  return { image: imageUrl, thumbnail: hasSibling ? sibling : imageUrl };
}

type Reader = Kysely<Database> | Transaction<Database>;

/** Notes a fresh upload as its uploader's (POST /deals/upload-image, image localising). */
export async function recordUpload(db: Reader, publicPath: string, ownerId: number | null): Promise<void> {
  await db
    .insertInto('deal_uploads')
    .values({ path: publicPath, owner_id: ownerId, deal_id: null, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('path').doNothing())
    .execute();
}

/**
 * May this actor put this upload on this deal (null: a new deal)? Only an upload of their own that no other deal
 * shows. The team may use any upload: they get a copy (`copy: true`), so two deals never share a file.
 */
export async function uploadUse(db: Reader, actor: { id: number; role: string }, publicPath: string, dealId: number | null): Promise<'own' | 'copy'> {
  const row = await db.selectFrom('deal_uploads').select(['owner_id', 'deal_id']).where('path', '=', publicPath).executeTakeFirst();
  const showing = db.selectFrom('deals').select('id').where('image_url', '=', publicPath);
  const shownElsewhere = await (dealId === null ? showing : showing.where('id', '!=', dealId)).executeTakeFirst();
  const staff = isStaff(actor);
  // The team may also take a file nobody owns that no deal shows (an orphan, a localized image).
  const mine = row ? row.owner_id === actor.id || (staff && row.owner_id === null) : staff;
  const free = mine && (!row || row.deal_id === null || row.deal_id === dealId) && !shownElsewhere;
  if (free) return 'own';
  if (staff) return 'copy';
  throw badRequest(DEAL_IMAGE_MESSAGES.required, 'image_url');
}

/** A copy of a deal upload (and its thumbnail) under a new name, owned by whoever asked for it. */
export async function copyUpload(db: Reader, uploadsDir: string, publicPath: string, ownerId: number): Promise<DealImage> {
  const name = `${crypto.randomUUID()}`;
  const image = `${DEAL_UPLOAD_PREFIX}${name}.webp`;
  const thumb = `${DEAL_UPLOAD_PREFIX}${name}-thumb.webp`;
  if (!uploadFile(uploadsDir, publicPath)) throw badRequest(DEAL_IMAGE_MESSAGES.required, 'image_url');
  await copyUploadFile(uploadsDir, publicPath, image);
  const hasThumb = thumbOf(publicPath) !== publicPath && (await uploadExists(uploadsDir, thumbOf(publicPath)));
  if (hasThumb) await copyUploadFile(uploadsDir, thumbOf(publicPath), thumb);
  await recordUpload(db, image, ownerId);
  return { image, thumbnail: hasThumb ? thumb : image };
}

/**
 * Inside a deal's change: the deal's upload becomes the deal's. Refused (and the change rolled back) when another deal
 * claimed it meanwhile, so two concurrent posts can never share one file.
 */
export async function claimDealUpload(trx: Transaction<Database>, deal: Pick<DealRow, 'id' | 'image_url' | 'user_id'>): Promise<void> {
  if (!isDealUpload(deal.image_url)) return;
  await recordUpload(trx, deal.image_url, deal.user_id);
  const claimed = await trx
    .updateTable('deal_uploads')
    .set({ deal_id: deal.id })
    .where('path', '=', deal.image_url)
    .where((eb) => eb.or([eb('deal_id', 'is', null), eb('deal_id', '=', deal.id)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw badRequest(DEAL_IMAGE_MESSAGES.required, 'image_url');
}

/** The team may also give an external http(s) image (localized later); an uploads path must be an existing deal upload. */
export async function staffImage(uploadsDir: string, url: string, field: string): Promise<string> {
  if (isHttpUrl(url)) return url;
  if (!(await uploadExists(uploadsDir, url))) throw badRequest('Image URL must be a valid URL or a valid uploads path', field);
  return url;
}

/** A thumbnail given in the admin form: an uploads path or an http(s) URL, or nothing (the image is shown). */
export function staffThumbnail(value: string | null | undefined): string | null {
  const thumb = value?.trim() || null;
  if (thumb && !isUploadsPath(thumb) && !isHttpUrl(thumb)) throw badRequest('Invalid thumbnail path', 'thumbnailUrl');
  return thumb;
}

/** The deal's image files and those of every backup of it (an edit, AI task or localizing may have replaced one). */
export async function dealFiles(trx: Transaction<Database>, deal: Pick<DealRow, 'id' | 'image_url' | 'thumbnail_url'>): Promise<string[]> {
  const backups = await trx.selectFrom('deal_backups').select('data').where('deal_id', '=', deal.id).execute();
  const rows: Array<Pick<DealRow, 'image_url' | 'thumbnail_url'>> = [deal];
  for (const b of backups) {
    try {
      rows.push(JSON.parse(b.data) as Pick<DealRow, 'image_url' | 'thumbnail_url'>);
    } catch {
      // A backup that is not JSON names no file.
    }
  }
  const paths = new Set<string>();
  for (const r of rows) for (const p of [r.image_url, r.thumbnail_url]) if (isDealUpload(p)) paths.add(p);
  return [...paths];
}

/**
 * Removes deal upload files after a commit, except any that a remaining deal still shows: deleting one deal never
 * breaks another's picture.
 */
export async function removeUnusedDealFiles(trx: Reader, uploadsDir: string, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const used = await trx
    .selectFrom('deals')
    .select(['image_url', 'thumbnail_url'])
    .where((eb) => eb.or([eb('image_url', 'in', paths), eb('thumbnail_url', 'in', paths)]))
    .execute();
  const keep = new Set(used.flatMap((r) => [r.image_url, r.thumbnail_url]));
  await Promise.all(paths.filter((p) => !keep.has(p)).map((p) => removeUpload(uploadsDir, p)));
}
