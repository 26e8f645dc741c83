import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, COMPRESS_FROM_BYTES, compress, compressible, encodingFor } from './compression.js';

describe('compression', () => {
  it('reads Accept-Encoding with q-values', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding(['deflate', 'gzip'])).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });

  it('leaves answers under the threshold as they are', () => {
    expect(compressible(COMPRESS_FROM_BYTES - 1)).toBe(false);
    expect(compressible(COMPRESS_FROM_BYTES)).toBe(true);
    expect(encodingFor(COMPRESS_FROM_BYTES - 1, 'br')).toBeUndefined();
    expect(encodingFor(COMPRESS_FROM_BYTES, 'br')).toBe('br');
    expect(encodingFor(50_000, 'identity')).toBeUndefined();
  });

  it('compresses for an answer and, harder, for a build, both readable back', () => {
    const body = Buffer.from(Array.from({ length: 400 }, (_, i) => `<item id="${i}">Deal ${i * 7919} at £${(i * 1.37).toFixed(2)}</item>`).join('\n'));
    for (const encoding of ['br', 'gzip'] as const) {
      const quick = compress(body, encoding);
      const best = compress(body, encoding, 'build');
      const back = (b: Buffer) => (encoding === 'br' ? zlib.brotliDecompressSync(b) : zlib.gunzipSync(b));
      expect(back(quick).equals(body)).toBe(true);
      expect(back(best).equals(body)).toBe(true);
      expect(best.length).toBeLessThanOrEqual(quick.length);
      expect(quick.length).toBeLessThan(body.length / 3);
    }
  });
});
