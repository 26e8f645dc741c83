import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.js';

describe('precompressing a web build', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside text assets big enough to gain, and leaves the rest alone', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const js = `export const deals = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Deal ${i}` })))}`;
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), js);
    fs.writeFileSync(path.join(dir, 'assets', 'tiny.js'), 'export {}');
    fs.writeFileSync(path.join(dir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
    const totals = precompressDir(dir);
    expect(totals.files).toBe(1);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets', 'index-abc.js.br'))).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'assets', 'index-abc.js.gz'))).toString()).toBe(js);
    expect(totals.brBytes).toBeLessThan(totals.rawBytes / 4);
    expect(fs.existsSync(path.join(dir, 'assets', 'tiny.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets', 'photo.png.gz'))).toBe(false);
  });
});
