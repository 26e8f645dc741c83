import fs from 'node:fs';
import path from 'node:path';
import { badRequest } from '../../http/errors.js';

export const DEAL_UPLOAD_PREFIX = '/uploads/deals/';

/** The file on disk behind a /uploads/deals/ path, or null when the path is not a plain file name there. */
function uploadFile(uploadsDir: string, publicPath: string): string | null {
  if (!publicPath.startsWith(DEAL_UPLOAD_PREFIX)) return null;
  const name = publicPath.slice(DEAL_UPLOAD_PREFIX.length);
  if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) return null;
  return path.join(uploadsDir, 'deals', name);
}

/**
 * A deal's image must be one of our own uploads (POST /deals/upload-image) that still exists, never an arbitrary path.
 * Returns the image and its thumbnail (the upload's -thumb sibling unless a valid one is given).
 */
export function resolveDealImage(uploadsDir: string, imageUrl: string, thumbnailUrl?: string | null): { image: string; thumbnail: string } {
  const file = uploadFile(uploadsDir, imageUrl);
  if (!file || !fs.existsSync(file)) throw badRequest('Please upload an image for the deal', 'image_url');
  if (thumbnailUrl) {
    const thumb = uploadFile(uploadsDir, thumbnailUrl);
    if (!thumb || !fs.existsSync(thumb)) throw badRequest('Invalid thumbnail path', 'thumbnail_url');
    return { image: imageUrl, thumbnail: thumbnailUrl };
  }
  const sibling = imageUrl.replace(/\.webp$/, '-thumb.webp');
  const siblingFile = uploadFile(uploadsDir, sibling);
  return { image: imageUrl, thumbnail: siblingFile && sibling !== imageUrl && fs.existsSync(siblingFile) ? sibling : imageUrl };
}

/** Only files under /uploads/deals/ belong to a deal and may be deleted with it. */
export const isDealUpload = (p: string | null | undefined): p is string => !!p && uploadFile('/', p) !== null;
