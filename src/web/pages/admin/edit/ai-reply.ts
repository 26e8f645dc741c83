/**
 * The AI helpers of the admin edit form (SPEC §7 /ai/generate): the prompts the client sends and the cleaning of the
 * model's reply. Models like to answer "Here are some options: **Option 1:** ..." — only the first real title counts.
 */

export const titlePrompt = (title: string) =>
  `Shorten this deal title, keeping the essential product title, and answer only with the new title: "${title.trim()}"`;

/** The deal URL with a cache-busting timestamp query, so neither a proxy nor the page's CDN answers from a cache. */
export function descriptionPrompt(url: string, now = Date.now()): string {
  const u = new URL(url.trim());
  u.searchParams.set('_ts', String(now));
  return u.toString();
}

const BOLD = /\*\*|__/g;
const BULLET = /^\s*(?:[-*•–]|\d+[.)])\s+/;
const OPTION_LABEL = /^\s*(?:option|title)\s*#?\d*\s*[:.)-]\s*/i;
const OPTION_ONLY = /^\s*option\s*#?\d*\s*[:.)-]?\s*$/i;
const HERE_ARE = /^\s*here\s+(?:are|is)\b/i;
const QUOTES = /^["'“”‘’]+|["'“”‘’]+$/g;

/** SPEC §7: option labels, bold marks and bullets removed; the first line that is not an option or 'here are' line. */
export function cleanTitleReply(reply: string): string {
  for (const raw of reply.replace(BOLD, '').split(/\r?\n/)) {
    if (OPTION_ONLY.test(raw) || HERE_ARE.test(raw)) continue;
    const line = raw.replace(BULLET, '').replace(OPTION_LABEL, '').replace(QUOTES, '').trim();
    if (!line || OPTION_ONLY.test(line) || HERE_ARE.test(line)) continue;
    return line;
  }
  return '';
}

/** SPEC §7: the description reply with bold marks and bullets stripped, paragraphs kept. */
export function cleanDescriptionReply(reply: string): string {
  return reply
    .replace(BOLD, '')
    .split(/\r?\n/)
    .map((line) => line.replace(BULLET, '').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
