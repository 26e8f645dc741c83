import { z } from 'zod';

/** An id that may arrive as text (SPEC §3: "id may arrive as text and is parsed"). */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.object({ id: idSchema });

export const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1);

/** True when the string is an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const UPLOADS_PREFIX = '/uploads/';
export const isUploadsPath = (value: string) => value.startsWith(UPLOADS_PREFIX) && !value.includes('..');
