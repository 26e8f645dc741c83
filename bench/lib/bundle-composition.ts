import fs from 'node:fs';
import path from 'node:path';

/**
 * Which packages the bytes of built chunks come from, read from Vite's (hidden) source maps: each generated segment
 * counts towards the source file its mapping names, and the source to its npm package (or "app: src/web/..." for
 * our own code). Minified bytes, before gzip: good for ranking, not for exact transfer sizes.
 */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

/** Decodes one mappings segment (base64 VLQ) into its numbers. */
export function decodeVlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64_INDEX.get(ch);
    if (digit === undefined) throw new Error(`bad VLQ character "${ch}"`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

export function packageOf(source: string): string {
  const i = source.lastIndexOf('node_modules/');
  if (i >= 0) {
    const rest = source.slice(i + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const web = source.indexOf('src/');
  if (web >= 0) {
    const parts = source.slice(web).split('/');
    return `app: ${parts.slice(0, Math.min(parts.length - 1, 3)).join('/')}`;
  }
  return source.startsWith('\0') || source.includes('vite/') ? 'vite runtime' : `other: ${source}`;
}

/** Bytes of `code` per package, from its source map. Unmapped bytes count as "(unmapped)". */
export function composition(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const bytes = new Map<string, number>();
  const add = (key: string, n: number) => n > 0 && bytes.set(key, (bytes.get(key) ?? 0) + n);
  const lines = code.split('\n');
  const mapLines = map.mappings.split(';');
  let source = 0;
  for (let l = 0; l < lines.length; l++) {
    const lineLength = Buffer.byteLength(lines[l]) + (l < lines.length - 1 ? 1 : 0);
    const segments = (mapLines[l] ?? '').split(',').filter(Boolean);
    let column = 0;
    const starts: Array<{ col: number; source: number | null }> = [];
    for (const seg of segments) {
      const v = decodeVlq(seg);
      column += v[0];
      if (v.length >= 4) {
        source += v[1];
        starts.push({ col: column, source });
      } else starts.push({ col: column, source: null });
    }
    if (starts.length === 0) {
      add('(unmapped)', lineLength);
      continue;
    }
    add('(unmapped)', starts[0].col);
    for (let s = 0; s < starts.length; s++) {
      const end = s + 1 < starts.length ? starts[s + 1].col : lineLength;
      const src = starts[s].source;
      add(src === null ? '(unmapped)' : packageOf(map.sources[src] ?? ''), end - starts[s].col);
    }
  }
  return bytes;
}

/** Package shares of the given chunk files, using maps kept in mapsDir (same relative names + .map). */
export function chunkComposition(webRoot: string, mapsDir: string, files: string[]): Array<{ name: string; bytes: number }> | undefined {
  const total = new Map<string, number>();
  for (const f of files) {
    const mapFile = path.join(mapsDir, `${f}.map`);
    if (!fs.existsSync(mapFile)) return undefined;
    const code = fs.readFileSync(path.join(webRoot, f), 'utf8');
    for (const [k, v] of composition(code, JSON.parse(fs.readFileSync(mapFile, 'utf8')))) total.set(k, (total.get(k) ?? 0) + v);
  }
  return [...total].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}
