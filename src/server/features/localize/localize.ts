import type { FastifyInstance } from 'fastify';
import { isHttpUrl } from '../../../shared/schemas/common.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { DEAL_IMAGE, removeUpload, storeImage } from '../../services/images.js';
import { fetchFailure, IMAGE_MAX_BYTES, safeFetch } from '../../services/safe-fetch/safe-fetch.js';
import { logModeration } from '../admin/moderation-log.js';
import { backupDeal } from '../deals/backups.js';

export const IMAGE_TIMEOUT_MS = 20_000;

export interface LocalizedImage {
  dealId: number;
  imageUrl: string;
  thumbnailUrl: string;
}

/**
 * Downloads an external deal image through the SSRF guard, re-encodes it into /uploads/deals with a thumbnail and
 * points the deal at it, keeping a backup of the deal and a moderation-log entry. The external file is left alone.
 */
export async function localizeImage(app: FastifyInstance, input: { dealId: number; imageUrl: string; actorId: number | null }): Promise<LocalizedImage> {
  const imageUrl = input.imageUrl.trim();
  if (!isHttpUrl(imageUrl)) throw badRequest('Only external image URLs (http or https) can be localized', 'imageUrl');
  const { db, config } = app.deps;
  const deal = await db.kysely.selectFrom('deals').select(['id', 'title', 'image_url', 'thumbnail_url']).where('id', '=', input.dealId).executeTakeFirst();
  if (!deal) throw notFound('Deal not found');

  let res;
  try {
    res = await safeFetch(imageUrl, { maxBytes: IMAGE_MAX_BYTES, allow: config.safeFetchAllow, timeoutMs: IMAGE_TIMEOUT_MS, accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' });
  } catch (err) {
    throw fetchFailure(err, 'the image');
  }
  if (/^(text|application\/(json|xml|xhtml))/.test(res.contentType)) throw new HttpError(415, 'That URL did not return an image');
  let stored;
  try {
    stored = await storeImage(res.body, config.uploadsDir, 'deals', DEAL_IMAGE);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 415) throw new HttpError(415, 'That URL did not return an image');
    throw err;
  }

  const updated = await db.kysely.transaction().execute(async (trx) => {
    await backupDeal(trx, deal.id, 'localize-image', input.actorId);
    const result = await trx
      .updateTable('deals')
      .set({ image_url: stored.url, thumbnail_url: stored.thumbnailUrl, updated_at: new Date().toISOString() })
      .where('id', '=', deal.id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await logModeration(trx, {
      actorId: input.actorId,
      action: 'localize-image',
      entityType: 'deal',
      entityId: deal.id,
      entityTitle: deal.title,
      before: { image_url: deal.image_url, thumbnail_url: deal.thumbnail_url, source_url: imageUrl },
      after: { image_url: stored.url, thumbnail_url: stored.thumbnailUrl },
    });
    return true;
  });
  if (!updated) {
    await removeUpload(config.uploadsDir, stored.url);
    throw notFound('Deal not found');
  }
  return { dealId: deal.id, imageUrl: stored.url, thumbnailUrl: stored.thumbnailUrl };
}
