import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID } from '../../../../shared/first-screen.js';
import { withFirstScreen } from './document.js';

// The shape of the built index.html (scripts/critical-css.ts moves the stylesheet to the end of <body>).
const SHELL = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>QuidsIn</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <style>.critical{}</style>
  </head>
  <body class="bg-slate-50">
    <div id="root">
      <div class="flex" aria-hidden="true"><div class="sticky"><span>QuidsIn</span></div></div>
    </div>
    <link rel="stylesheet" crossorigin href="/assets/index-b2.css">
  </body>
</html>
`;

describe('withFirstScreen', () => {
  it('puts the drawn markup in the root instead of the static header, its data after it, and the stylesheet in <head>', () => {
    const page = withFirstScreen(SHELL, { html: '<main><h1>Deals</h1></main>', queries: [[['deals', 'row', 'newest', 12], [{ id: 1 }], 5]] });
    expect(page).toContain('<div id="root"><main><h1>Deals</h1></main></div>');
    expect(page).not.toContain('aria-hidden="true"');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-b2.css">');
    expect(page.match(/rel="stylesheet"/g)).toHaveLength(1);
    const data = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*)</script>`).exec(page);
    expect(JSON.parse(data![1])).toEqual([[['deals', 'row', 'newest', 12], [{ id: 1 }], 5]]);
    expect(page.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('keeps text in the data from ending its <script> early', () => {
    const page = withFirstScreen(SHELL, { html: '<p>x</p>', queries: [[['deals'], { title: '</script><script>alert(1)</script><!--' }, 1]] });
    const body = page.slice(page.indexOf(`id="${FIRST_SCREEN_DATA_ID}">`));
    expect(body.indexOf('</script>')).toBe(body.lastIndexOf('</script>'));
    expect(body).not.toContain('<!--');
    const json = /id="first-screen">(.*)<\/script>/.exec(page)![1];
    expect(JSON.parse(json)[0][1].title).toBe('</script><script>alert(1)</script><!--');
  });

  it('leaves a page without a root element as it is', () => {
    const odd = '<html><head></head><body><main></main></body></html>';
    expect(withFirstScreen(odd, { html: '<p>x</p>', queries: [] })).toBe(odd);
  });
});
