import type { FastifyInstance } from 'fastify';
import { isPrivateKey, isStorageKey, type S3Storage, type StoredObject } from './storage.js';

const IMMUTABLE = 'public, max-age=2592000, immutable';

/**
 * /uploads/<key> when the uploads live in a bucket (STORAGE=s3): the URLs stored in the database never change.
 * - with S3_PUBLIC_URL (a public bucket or a CDN in front of it): a 302 to <S3_PUBLIC_URL>/<key>, cached for a day;
 * - without: the object is streamed from the bucket through this process, with its ETag (304 on If-None-Match) and
 *   the same 30-day immutable caching as local files.
 * Upload names are random and never reused, so a cached image is never stale.
 */
export function registerS3Uploads(app: FastifyInstance, storage: S3Storage): void {
  app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!isStorageKey(key) || isPrivateKey(key)) return reply.status(404).send({ success: false, error: 'Not found' });
    const redirect = storage.publicUrlOf(key);
    if (redirect) return reply.header('cache-control', 'public, max-age=86400').redirect(redirect, 302);
    let object: StoredObject | null;
    try {
      object = await storage.get(key);
    } catch (err) {
      request.log.warn({ err: (err as Error).message, key }, 'upload storage unavailable');
      return reply.status(503).header('retry-after', '5').send({ success: false, error: 'Images are unavailable right now. Please try again shortly.' });
    }
    if (!object) return reply.status(404).send({ success: false, error: 'Not found' });
    reply.header('content-type', object.contentType).header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff');
    if (object.etag) reply.header('etag', object.etag);
    if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
    if (object.etag && request.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.status(304).send();
    }
    if (object.size !== undefined) reply.header('content-length', object.size);
    return reply.send(object.body);
  });
}
