import crypto from 'node:crypto';
import type sharpFunction from 'sharp';
import type { Metadata, OutputInfo } from 'sharp';
import { IMAGE_ONLY } from '../../shared/schemas/common.js';
import { lazyRequire } from '../infra/lazy-require.js';
import { HttpError } from '../http/errors.js';
import { keyOfPublicPath, uploadStorage } from '../infra/storage.js';

/** sharp and libvips, loaded by the first image (lazy-require.ts). */
export const loadSharp = lazyRequire<typeof sharpFunction>('sharp');

/** Decoding more pixels than this is refused (decompression bombs). 40 MP covers any phone photo. */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'avif', 'tiff', 'heif']);

export interface StoredImage {
  /** Public path under /uploads/. */
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

export interface ImageVariant {
  /** Longest side of the stored full image. */
  maxSize: number;
  thumbSize: number;
  fit: 'inside' | 'cover';
}

export const DEAL_IMAGE: ImageVariant = { maxSize: 1200, thumbSize: 400, fit: 'inside' };
export const AVATAR_IMAGE: ImageVariant = { maxSize: 512, thumbSize: 128, fit: 'cover' };
export const LOGO_IMAGE: ImageVariant = { maxSize: 400, thumbSize: 160, fit: 'inside' };

/**
 * Sniffs, decodes (with a pixel cap) and re-encodes an upload to WebP, plus a thumbnail. The bytes the client sent
 * are never stored: metadata, scripts hidden in comments and polyglot tails are all dropped by the re-encode.
 * The files go to the uploads storage of `uploadsDir` (local disk, or the S3 bucket the app registered for it).
 */
export async function storeImage(input: Buffer, uploadsDir: string, folder: string, variant: ImageVariant): Promise<StoredImage> {
  let meta: Metadata;
  try {
    meta = await loadSharp()(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new HttpError(415, IMAGE_ONLY);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new HttpError(415, IMAGE_ONLY);
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new HttpError(413, 'Image dimensions are too large.');

  const name = `${Date.now().toString(36)}-${crypto.randomBytes(8).toString('hex')}`;
  const sharp = loadSharp();
  const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  let full: { data: Buffer; info: OutputInfo };
  let thumb: Buffer;
  try {
    full = await base()
      .resize({ width: variant.maxSize, height: variant.maxSize, fit: variant.fit, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    thumb = await base()
      .resize({ width: variant.thumbSize, height: variant.thumbSize, fit: variant.fit, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    throw new HttpError(415, IMAGE_ONLY);
  }
  // A storage failure is ours (5xx), not the image's: it is not reported as a bad file.
  const storage = uploadStorage(uploadsDir);
  await storage.put(`${folder}/${name}-thumb.webp`, thumb, 'image/webp');
  await storage.put(`${folder}/${name}.webp`, full.data, 'image/webp');
  return {
    url: `/uploads/${folder}/${name}.webp`,
    thumbnailUrl: `/uploads/${folder}/${name}-thumb.webp`,
    width: full.info.width,
    height: full.info.height,
  };
}

/** Removes an uploaded file (and its thumbnail sibling) given its public path; ignores anything outside /uploads/. */
export async function removeUpload(uploadsDir: string, publicPath: string | null | undefined): Promise<void> {
  const key = keyOfPublicPath(publicPath);
  if (!key) return;
  const storage = uploadStorage(uploadsDir);
  await storage.remove(key);
  if (key.endsWith('.webp') && !key.endsWith('-thumb.webp')) await storage.remove(key.replace(/\.webp$/, '-thumb.webp'));
}

/** Does the file behind a public /uploads/ path exist (in whichever storage holds the uploads)? */
export async function uploadExists(uploadsDir: string, publicPath: string): Promise<boolean> {
  const key = keyOfPublicPath(publicPath);
  return !!key && (await uploadStorage(uploadsDir).exists(key));
}

/** Copies the file behind one public /uploads/ path to another. */
export async function copyUploadFile(uploadsDir: string, fromPath: string, toPath: string): Promise<void> {
  const from = keyOfPublicPath(fromPath);
  const to = keyOfPublicPath(toPath);
  if (!from || !to) throw new Error(`Not an uploads path: ${from ? toPath : fromPath}`);
  await uploadStorage(uploadsDir).copy(from, to);
}
