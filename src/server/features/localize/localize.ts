import { isHttpUrl } from '../../../shared/schemas/common.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { DEAL_IMAGE, removeUpload, type StoredImage, storeImage } from '../../services/images.js';
import { fetchFailure, IMAGE_MAX_BYTES, type SafeResponse, safeFetch } from '../../services/safe-fetch/safe-fetch.js';
import type { AppDeps } from '../../deps.js';
import { DEAL_NOT_FOUND, editDeal } from '../deals/index.js';

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
export async function localizeImage(deps: AppDeps, input: { dealId: number; imageUrl: string; actorId: number | null }): Promise<LocalizedImage> {
  const imageUrl = input.imageUrl.trim();
  if (!isHttpUrl(imageUrl)) throw badRequest('Only external image URLs (http or https) can be localized', 'imageUrl');
  const { db, config } = deps;
  const deal = await db.kysely.selectFrom('deals').select(['id', 'title', 'image_url', 'thumbnail_url']).where('id', '=', input.dealId).executeTakeFirst();
  if (!deal) throw notFound(DEAL_NOT_FOUND);

  let res: SafeResponse;
  try {
    res = await safeFetch(imageUrl, {
      maxBytes: IMAGE_MAX_BYTES,
      allow: config.safeFetchAllow,
      timeoutMs: IMAGE_TIMEOUT_MS,
      accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
    });
  } catch (err) {
    throw fetchFailure(err, 'the image');
  }
  if (/^(text|application\/(json|xml|xhtml))/.test(res.contentType)) throw new HttpError(415, 'That URL did not return an image');
  let stored: StoredImage;
  try {
    stored = await storeImage(res.body, config.uploadsDir, 'deals', DEAL_IMAGE);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 415) throw new HttpError(415, 'That URL did not return an image');
    throw err;
  }

  try {
    await editDeal(deps, {
      id: deal.id,
      actor: input.actorId === null ? null : { id: input.actorId, role: 'admin' },
      origin: 'task',
      columns: () => ({ image_url: stored.url, thumbnail_url: stored.thumbnailUrl }),
      backup: 'localize-image',
      audit: (before) => ({
        action: 'localize-image',
        before: { image_url: before.image_url, thumbnail_url: before.thumbnail_url, source_url: imageUrl },
        after: { image_url: stored.url, thumbnail_url: stored.thumbnailUrl },
      }),
    });
  } catch (err) {
    // The deal went while the image was downloading: the new file belongs to nothing.
    await removeUpload(config.uploadsDir, stored.url);
    throw err;
  }
  return { dealId: deal.id, imageUrl: stored.url, thumbnailUrl: stored.thumbnailUrl };
}
