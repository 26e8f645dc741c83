import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chunkComposition } from './bundle-composition.js';

export interface ChunkWeight {
  file: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

export interface RouteWeight {
  route: string;
  /** Files the browser fetches before the page can render: entry, its modulepreloads, the route's lazy chunk and its static imports. */
  jsFiles: string[];
  cssFiles: string[];
  jsRaw: number;
  jsGzip: number;
  cssGzip: number;
  /** Minified bytes of the initial JS per npm package (or app folder), largest first, when source maps exist. */
  packages?: Array<{ name: string; bytes: number }>;
}

export interface PageWeightResult {
  webRoot: string;
  chunks: ChunkWeight[];
  routes: RouteWeight[];
  notes: string[];
}

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestEntry>;

/** The lazy page modules of the two routes we weigh (keys of Vite's manifest, relative to the web root src/web). */
export const ROUTE_PAGES: Record<string, string> = {
  '/': 'pages/home/HomePage.tsx',
  '/dealDetail/{id}': 'pages/deal-detail/DealDetailPage.tsx',
};

const gzipSize = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;

/** Entry script and modulepreload links of the built index.html (paths relative to the web root). */
export function initialFromHtml(html: string): { scripts: string[]; preloads: string[]; styles: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const scripts: string[] = [];
  const preloads: string[] = [];
  const styles: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<script') && /type="module"/.test(tag)) {
      const src = attr(tag, 'src');
      if (src) scripts.push(src.replace(/^\//, ''));
    } else if (/rel="modulepreload"/.test(tag)) {
      const href = attr(tag, 'href');
      if (href) preloads.push(href.replace(/^\//, ''));
    } else if (/rel="stylesheet"/.test(tag)) {
      const href = attr(tag, 'href');
      if (href) styles.push(href.replace(/^\//, ''));
    }
  }
  return { scripts, preloads, styles };
}

/** A manifest entry's file plus everything it imports statically, depth first (what loading it fetches). */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const walk = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const e = manifest[k];
    if (!e) throw new Error(`Vite manifest has no entry "${k}"`);
    js.push(e.file);
    css.push(...(e.css ?? []));
    for (const i of e.imports ?? []) walk(i);
  };
  walk(key);
  return { js, css };
}

/** Static imports of a built chunk, read from its code (the fallback when a build has no manifest). */
function importsFromCode(webRoot: string, file: string): string[] {
  const code = fs.readFileSync(path.join(webRoot, file), 'utf8');
  const dir = path.posix.dirname(file);
  const out = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[^'"()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) out.add(path.posix.join(dir, m[1]));
  return [...out];
}

export function measurePageWeight(webRoot: string, mapsDir?: string): PageWeightResult {
  const notes: string[] = [];
  const assetsDir = path.join(webRoot, 'assets');
  const chunks: ChunkWeight[] = fs
    .readdirSync(assetsDir)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => {
      const buf = fs.readFileSync(path.join(assetsDir, f));
      return { file: `assets/${f}`, kind: f.endsWith('.js') ? ('js' as const) : ('css' as const), raw: buf.length, gzip: gzipSize(buf) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const byFile = new Map(chunks.map((c) => [c.file, c]));

  const html = initialFromHtml(fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8'));
  if (html.scripts.length === 0) throw new Error(`${webRoot}/index.html has no module script`);
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest | undefined = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : undefined;
  if (!manifest) notes.push('no Vite manifest (build.manifest): route chunks found by file name, their imports read from the code');

  const routes: RouteWeight[] = [];
  for (const [route, pageKey] of Object.entries(ROUTE_PAGES)) {
    const js = new Set<string>([...html.scripts, ...html.preloads]);
    const css = new Set<string>(html.styles);
    if (manifest) {
      const { js: pageJs, css: pageCss } = staticClosure(manifest, pageKey);
      for (const f of pageJs) js.add(f);
      for (const f of pageCss) css.add(f);
    } else {
      const base = path.basename(pageKey, '.tsx');
      const chunk = chunks.find((c) => c.kind === 'js' && c.file.startsWith(`assets/${base}-`));
      if (!chunk) throw new Error(`no chunk for ${pageKey} in ${assetsDir}`);
      const queue = [chunk.file];
      while (queue.length > 0) {
        const f = queue.pop() as string;
        if (js.has(f) && f !== chunk.file) continue;
        js.add(f);
        queue.push(...importsFromCode(webRoot, f).filter((x) => !js.has(x)));
      }
    }
    const sum = (files: Set<string>, k: 'raw' | 'gzip') =>
      [...files].reduce((s, f) => {
        const c = byFile.get(f);
        if (!c) throw new Error(`initial file ${f} of ${route} is not in ${assetsDir}`);
        return s + c[k];
      }, 0);
    const packages = mapsDir ? chunkComposition(webRoot, mapsDir, [...js]) : undefined;
    routes.push({ route, jsFiles: [...js], cssFiles: [...css], jsRaw: sum(js, 'raw'), jsGzip: sum(js, 'gzip'), cssGzip: sum(css, 'gzip'), packages });
  }
  if (!mapsDir) notes.push('no source maps: initial JS not broken down by package');
  return { webRoot, chunks, routes, notes };
}
