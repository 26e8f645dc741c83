import fs from 'node:fs';
import path from 'node:path';
import { COMPRESS_FROM_BYTES, compress } from '../src/server/http/compression.js';

/**
 * Writes <file>.br and <file>.gz beside every text asset of a web build, once, at maximum compression, so the server
 * can send them as they are (@fastify/static `preCompressed: true`) instead of the raw bytes or compressing on every
 * request. Small files are left alone (the server's own threshold, COMPRESS_FROM_BYTES): the headers would cost more
 * than the saving.
 */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

export function precompressDir(dir: string): { files: number; rawBytes: number; brBytes: number; gzBytes: number } {
  const totals = { files: 0, rawBytes: 0, brBytes: 0, gzBytes: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = precompressDir(file);
      for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += sub[k];
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < COMPRESS_FROM_BYTES) continue;
    const br = compress(raw, 'br', 'build');
    const gz = compress(raw, 'gzip', 'build');
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    totals.files++;
    totals.rawBytes += raw.length;
    totals.brBytes += br.length;
    totals.gzBytes += gz.length;
  }
  return totals;
}

/**
 * Vite plugin: precompress the production build once it is written. Wire it in vite.config.ts
 * (`plugins: [react(), tailwindcss(), precompress()]`) together with `preCompressed: true` on the web root's
 * @fastify/static registration in src/server/app.ts.
 */
export function precompress() {
  let outDir = '';
  return {
    name: 'quidsin-precompress',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
