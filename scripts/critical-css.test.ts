import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodyCandidates, firstPaintCss, inlineFirstPaint } from './critical-css.js';

const STYLES = path.resolve('src/web/styles.css');
const INDEX = fs.readFileSync(path.resolve('src/web/index.html'), 'utf8');

const built = (body: string) => `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-def.css">
  </head>
  <body>
    ${body}
  </body>
</html>`;

describe('critical CSS of the static first paint', () => {
  it('takes the class names of the markup in <body>, not of comments or <head>', () => {
    const c = bodyCandidates('<head><meta class="hidden"></head><body><!-- <b class="underline"> --><div class="h-16 sm:px-6 bg-white/95"></div></body>');
    expect(c).toEqual(expect.arrayContaining(['h-16', 'sm:px-6', 'bg-white/95']));
    expect(c).not.toContain('underline');
    expect(c).not.toContain('hidden');
  });

  it("compiles the app's stylesheet for index.html's own markup: its utilities and preflight, no dark palette", async () => {
    const css = await firstPaintCss(STYLES, bodyCandidates(INDEX));
    // Utilities of the header bar as index.html uses them, responsive variants included.
    for (const rule of ['.h-16{', '.bg-emerald-600{', '.tracking-tight{', '.md\\:block{', '.sm\\:px-6{']) expect(css).toContain(rule);
    // Preflight (box sizing, margins) and the theme's variables the utilities read.
    expect(css).toContain('box-sizing:border-box');
    expect(css).toContain('--color-emerald-600:');
    // A dark device's page background before the script runs; the dark palette itself (html.dark) is left out.
    expect(css).toContain('prefers-color-scheme:dark');
    expect(css).not.toMatch(/\.dark[\s{]/);
    // Only what the header uses: not the app's other utilities.
    expect(css).not.toContain('.grid-cols-');
    expect(css.length).toBeLessThan(16_000);
  });

  it('inlines the CSS at the end of <head> and moves the stylesheet to the end of <body>', () => {
    const out = inlineFirstPaint(built('<div id="root"><div class="h-16"></div></div>'), '.h-16{height:4rem}');
    const style = out.indexOf('<style>.h-16{height:4rem}</style>');
    const link = out.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-def.css">');
    expect(style).toBeGreaterThan(out.indexOf('<script type="module"'));
    expect(style).toBeLessThan(out.indexOf('</head>'));
    expect(link).toBeGreaterThan(out.indexOf('<div id="root">'));
    expect(link).toBeLessThan(out.indexOf('</body>'));
    expect(out.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it('cannot be closed early by the CSS it inlines', () => {
    const out = inlineFirstPaint(built('<div id="root"></div>'), 'a{content:"</style><script>"}');
    expect(out.match(/<\/style>/g)).toHaveLength(1);
  });

  it('refuses a document it cannot transform rather than shipping a build without its first paint', () => {
    expect(() => inlineFirstPaint('<html><head></head><body></body></html>', 'a{}')).toThrow(/no built stylesheet/);
    expect(() => inlineFirstPaint('<link rel="stylesheet" href="/assets/a.css">', 'a{}')).toThrow(/no <\/head>/);
  });
});
