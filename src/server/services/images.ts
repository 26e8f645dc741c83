import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../http/errors.js';

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
 */
export async function storeImage(input: Buffer, uploadsDir: string, folder: string, variant: ImageVariant): Promise<StoredImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new HttpError(415, 'Only image files are allowed.');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new HttpError(415, 'Only image files are allowed.');
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new HttpError(413, 'Image dimensions are too large.');

  const name = `${Date.now().toString(36)}-${crypto.randomBytes(8).toString('hex')}`;
  const dir = path.join(uploadsDir, folder);
  await fs.mkdir(dir, { recursive: true });
  const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  try {
    const full = await base()
      .resize({ width: variant.maxSize, height: variant.maxSize, fit: variant.fit, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toFile(path.join(dir, `${name}.webp`));
    await base()
      .resize({ width: variant.thumbSize, height: variant.thumbSize, fit: variant.fit, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toFile(path.join(dir, `${name}-thumb.webp`));
    return {
      url: `/uploads/${folder}/${name}.webp`,
      thumbnailUrl: `/uploads/${folder}/${name}-thumb.webp`,
      width: full.width,
      height: full.height,
    };
  } catch {
    throw new HttpError(415, 'Only image files are allowed.');
  }
}

/** Removes an uploaded file (and its thumbnail sibling) given its public path; ignores anything outside /uploads/. */
export async function removeUpload(uploadsDir: string, publicPath: string | null | undefined): Promise<void> {
  if (!publicPath?.startsWith('/uploads/') || publicPath.includes('..')) return;
  const rel = publicPath.slice('/uploads/'.length);
  const file = path.join(uploadsDir, rel);
  if (!file.startsWith(path.resolve(uploadsDir) + path.sep)) return;
  await fs.rm(file, { force: true });
  if (file.endsWith('.webp') && !file.endsWith('-thumb.webp')) await fs.rm(file.replace(/\.webp$/, '-thumb.webp'), { force: true });
}
