import fs from 'node:fs';
import path from 'node:path';
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';

/**
 * First paint without waiting for the stylesheet (Lighthouse mobile, docs/notes/web-performance.md). index.html draws the header's bar
 * before the app's JavaScript has loaded; with the 15 kB (gzip) stylesheet in <head> that paint waited for it
 * ("render-blocking resources", FCP ~1.8 s on Lighthouse's simulated phone). So the build:
 * - puts in <head> a <style> with just what that static markup uses: Tailwind compiles the app's own stylesheet
 *   (src/web/styles.css: same theme, preflight and utilities, so the header looks exactly as React's) for the classes
 *   found in index.html's <body> alone (~3.5 kB gzip);
 * - moves the full stylesheet's <link> into <body>, after #root. A stylesheet in <body> holds back the rendering of
 *   what follows it, not of the header above it; and as a parser-inserted stylesheet it still holds back the module
 *   scripts (HTML: scripts wait while "the document has a style sheet that is blocking scripts"), so React never
 *   renders the app unstyled.
 * The CSP allows inline styles (helmet's default `style-src 'self' https: 'unsafe-inline'`); scripts stay external.
 */

/** The dark palette applies under <html class="dark">, which only the app's script sets: nothing before it needs it. */
const DARK_PALETTE_IMPORT = /^@import\s+'\.\/theme-dark\.css'[^;]*;\s*$/m;

/** Tailwind candidates (class names) of the markup in <body>, comments left out. */
export function bodyCandidates(html: string): string[] {
  const start = html.search(/<body[\s>]/i);
  const body = (start < 0 ? html : html.slice(start)).replace(/<!--[\s\S]*?-->/g, '');
  return new Scanner({}).scanFiles([{ content: body, extension: 'html' }]);
}

/** The CSS of the static first paint: styles.css (without the dark palette) compiled for `candidates` only, minified. */
export async function firstPaintCss(stylesheet: string, candidates: string[]): Promise<string> {
  const base = path.dirname(stylesheet);
  const css = fs.readFileSync(stylesheet, 'utf8');
  if (!DARK_PALETTE_IMPORT.test(css)) throw new Error(`critical-css: ${stylesheet} no longer imports ./theme-dark.css as expected`);
  const compiler = await compile(css.replace(DARK_PALETTE_IMPORT, ''), { base, onDependency: () => {} });
  return optimize(compiler.build(candidates), { minify: true }).code.trim();
}

const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>\r?\n?/g;

/**
 * index.html with `css` inlined at the end of <head> and the built stylesheets' links moved to the end of <body>, after
 * #root. Throws when the document does not have the expected shape, so a change to index.html cannot silently undo
 * the first paint.
 */
export function inlineFirstPaint(html: string, css: string): string {
  const links = (html.match(STYLESHEET_LINK) ?? []).map((l) => l.trim());
  if (links.length === 0) throw new Error('critical-css: no built stylesheet link in index.html');
  const out = html.replace(STYLESHEET_LINK, '');
  const headEnd = out.search(/<\/head>/i);
  const bodyEnd = out.search(/<\/body>/i);
  if (headEnd < 0 || bodyEnd < headEnd) throw new Error('critical-css: index.html has no </head> before </body>');
  const style = `  <style>${css.replace(/<\/style/gi, '<\\/style')}</style>\n  `;
  return `${out.slice(0, headEnd)}${style}${out.slice(headEnd, bodyEnd)}  ${links.join('\n    ')}\n  ${out.slice(bodyEnd)}`;
}

/** Vite plugin (build only): the transform above on the built index.html. */
export function criticalCss(stylesheet: string) {
  return {
    name: 'quidsin-critical-css',
    apply: 'build' as const,
    transformIndexHtml: {
      order: 'post' as const,
      async handler(html: string) {
        return inlineFirstPaint(html, await firstPaintCss(stylesheet, bodyCandidates(html)));
      },
    },
  };
}
