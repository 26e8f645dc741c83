import type { FastifyInstance } from 'fastify';

/** In-process background jobs (the scraper schedule lands here); returns a stopper for shutdown. */
export function startBackgroundJobs(_app: FastifyInstance): () => void {
  return () => {};
}
