import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded on first use instead of at start-up. The S3 client, pg-boss, ioredis, pg, nodemailer, sharp,
 * cheerio and undici each weigh 10-25 MB of resident memory once loaded, and most processes need only some of them
 * (no S3 bucket, no Redis, SQLite; images, page parsing and fetching only when someone uploads or a scraper runs):
 * loading them all at start-up cost the server a third of its memory (docs/notes/bench.md, memory). Synchronous, so
 * constructors keep their shape; Node caches the module, so later calls are a property read. `onLoad` runs once, with
 * the module, before anyone uses it (a driver's global settings).
 */
export function lazyRequire<T>(id: string, onLoad?: (module: T) => void): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) {
      loaded = require(id) as T;
      onLoad?.(loaded);
    }
    return loaded;
  };
}
