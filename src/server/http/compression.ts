import zlib from 'node:zlib';

/** The encodings the site sends: brotli where the client takes it, gzip for the rest. */
export type Encoding = 'br' | 'gzip';

/** Below this, compressing saves less than it costs (the headers, the CPU): answers and built files alike. */
export const COMPRESS_FROM_BYTES = 1024;

/** The best encoding the client accepts (q > 0): br, then gzip. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** Whether an answer of `size` bytes is ever sent compressed (then its answers vary by Accept-Encoding). */
export const compressible = (size: number): boolean => size >= COMPRESS_FROM_BYTES;

/** How `size` bytes go to a client that sent this Accept-Encoding: undefined (as they are) below the threshold. */
export const encodingFor = (size: number, acceptEncoding: string | string[] | undefined): Encoding | undefined =>
  compressible(size) ? acceptedEncoding(acceptEncoding) : undefined;

/**
 * The bytes compressed. `answer`: made while a request waits (then kept with the answer), so quick settings (brotli 5,
 * gzip 6: most of the saving for a fraction of the time); `build`: once per built file (scripts/precompress.ts), the
 * most there is (brotli 11, gzip 9).
 */
export function compress(body: Buffer, encoding: Encoding, effort: 'answer' | 'build' = 'answer'): Buffer {
  const best = effort === 'build';
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: best ? 9 : 6 });
}
