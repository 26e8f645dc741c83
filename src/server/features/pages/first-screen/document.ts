import { FIRST_SCREEN_DATA_ID, type FirstScreen } from '../../../../shared/first-screen.js';

const ROOT_OPEN = '<div id="root">';
const STYLESHEET_RE = /[ \t]*<link\s+rel="stylesheet"[^>]*>\r?\n?/gi;
/** JSON inside <script>: no `</script>` or `<!--` can end or change it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The app shell with the first screen in it: the root's placeholder (the static header) replaced by the drawn markup,
 * the page's data after it as JSON (not a script the browser runs: the CSP allows none inline), and the stylesheet
 * back in <head>. The shell keeps it at the end of <body> so the static header paints before it arrives
 * (scripts/critical-css.ts); drawn cards need it before their first paint, or they would flash unstyled.
 * Returns the page unchanged when it lacks the places this expects.
 */
export function withFirstScreen(page: string, screen: FirstScreen): string {
  const headEnd = page.indexOf('</head>');
  const rootStart = page.indexOf(ROOT_OPEN);
  const bodyEnd = page.lastIndexOf('</body>');
  const rootEnd = bodyEnd < 0 ? -1 : page.lastIndexOf('</div>', bodyEnd);
  if (headEnd < 0 || rootStart < headEnd || rootEnd < rootStart) return page;
  const stylesheets = page.slice(rootEnd, bodyEnd).match(STYLESHEET_RE) ?? [];
  const tail = page.slice(rootEnd + '</div>'.length).replace(STYLESHEET_RE, '');
  return (
    page.slice(0, headEnd) +
    stylesheets.map((link) => `    ${link.trim()}\n`).join('') +
    page.slice(headEnd, rootStart) +
    `${ROOT_OPEN}${screen.html}</div>\n    <script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${scriptJson(screen.queries)}</script>` +
    tail
  );
}
