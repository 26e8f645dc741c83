import { decodeEntities } from '../../http/markup.js';
import { type Card, cardHtml } from './share-card.js';

/** index.html cut once at start around the place where the per-page head goes. */
export interface PageTemplate {
  /** Up to where <title> was (the title and the description meta are taken out). */
  before: string;
  /** The rest of the document. */
  after: string;
  /** The template's own title and description, as text: the generic card. */
  title: string;
  description: string;
}

const TITLE_RE = /[ \t]*<title[^>]*>([\s\S]*?)<\/title\s*>[ \t]*\r?\n?/i;
const DESCRIPTION_RE = /[ \t]*<meta\s[^>]*name\s*=\s*["']description["'][^>]*>[ \t]*\r?\n?/i;
const CONTENT_RE = /\scontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/** Finds <head>'s title and description in the built index.html (string search, once: no DOM parse per request). */
export function splitTemplate(html: string): PageTemplate {
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd < 0) return { before: html, after: '', title: 'QuidsIn', description: '' };
  let head = html.slice(0, headEnd);
  const t = TITLE_RE.exec(head);
  let at = head.length;
  let title = 'QuidsIn';
  if (t) {
    title = decodeEntities(t[1].trim());
    head = head.slice(0, t.index) + head.slice(t.index + t[0].length);
    at = t.index;
  }
  const d = DESCRIPTION_RE.exec(head);
  let description = '';
  if (d) {
    const c = CONTENT_RE.exec(d[0]);
    description = decodeEntities(c?.[1] ?? c?.[2] ?? '');
    head = head.slice(0, d.index) + head.slice(d.index + d[0].length);
    if (d.index < at) at -= d[0].length;
  }
  return { before: head.slice(0, at), after: head.slice(at) + html.slice(headEnd), title, description };
}

/**
 * The page with a card (and any extra head tags) where the template's title was. No modulepreload of the page's
 * chunks: tried (docs/notes/web-performance.md), they raised Lighthouse's mobile Total Blocking Time on all three first-screen pages
 * (home ~100 -> ~270 ms, median of 3, A/B runs alternated) and delayed the first paint (1.8 -> 2.1 s).
 */
export function renderPage(template: PageTemplate, card: Card, extraHead = ''): string {
  return `${template.before}    ${cardHtml(card)}${extraHead ? `\n    ${extraHead}` : ''}\n${template.after}`;
}
