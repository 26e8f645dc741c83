import { describe, expect, it } from 'vitest';
import { composition, decodeVlq, packageOf } from './bundle-composition.js';
import { initialFromHtml, staticClosure } from './page-weight.js';

describe('initial JS of a route', () => {
  it('reads the entry script, modulepreloads and stylesheet of the built index.html', () => {
    const html = `<head><script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-B.js"><link rel="stylesheet" crossorigin href="/assets/index-C.css">
      <link rel="icon" href="/favicon.svg"></head>`;
    expect(initialFromHtml(html)).toEqual({ scripts: ['assets/index-A.js'], preloads: ['assets/react-B.js'], styles: ['assets/index-C.css'] });
  });

  it('follows static imports of the page chunk but not its dynamic ones', () => {
    const manifest = {
      'main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['pages/Home.tsx'] },
      '_shared.js': { file: 'assets/shared.js' },
      'pages/Home.tsx': { file: 'assets/Home.js', imports: ['_shared.js', '_card.js'], dynamicImports: ['pages/Admin.tsx'], css: ['assets/Home.css'] },
      '_card.js': { file: 'assets/card.js', imports: ['_shared.js'] },
      'pages/Admin.tsx': { file: 'assets/Admin.js' },
    };
    expect(staticClosure(manifest, 'pages/Home.tsx')).toEqual({ js: ['assets/Home.js', 'assets/shared.js', 'assets/card.js'], css: ['assets/Home.css'] });
    expect(() => staticClosure(manifest, 'pages/Missing.tsx')).toThrow(/no entry/);
  });
});

describe('bundle composition from source maps', () => {
  it('decodes base64 VLQ segments', () => {
    expect(decodeVlq('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeVlq('SAAQ')).toEqual([9, 0, 0, 8]);
    expect(decodeVlq('D')).toEqual([-1]);
    expect(decodeVlq('gB')).toEqual([16]);
  });

  it('names the npm package (scoped or not) or the app folder of a source', () => {
    expect(packageOf('../../node_modules/react-dom/cjs/react-dom.production.js')).toBe('react-dom');
    expect(packageOf('../../node_modules/@headlessui/react/dist/components/menu/menu.js')).toBe('@headlessui/react');
    expect(packageOf('../../src/web/app/layout/Header.tsx')).toBe('app: src/web/app');
  });

  it('counts each generated segment towards the source its mapping names', () => {
    // Line 1: "aaaa" from source 0 at column 0, "bb" (and the newline) from source 1 at column 4; line 2: "ccc" from source 0.
    const map = { sources: ['node_modules/x/i.js', 'node_modules/@s/y/j.js'], mappings: 'AAAA,ICAA;ADAA' };
    const bytes = composition('aaaabb\nccc', map);
    expect(Object.fromEntries(bytes)).toEqual({ x: 4 + 3, '@s/y': 2 + 1 });
  });
});
