/**
 * Offline title shortening: deterministic rules that turn a shop-style or forum-style deal title into the product's
 * essential name (brand, model, key spec), at most 100 characters.
 */

export const TITLE_MAX = 100;

/** Phrases that sell rather than describe. Longest first so "free delivery" goes before "free". */
const FLUFF_PHRASES = [
  'limited time only',
  'limited time offer',
  'limited time',
  'while stocks last',
  'lowest ever price',
  'lowest price ever',
  'lowest ever',
  'lowest price',
  'best price',
  'best seller',
  'bestseller',
  'best selling',
  'top rated',
  'top seller',
  'must have',
  'must-have',
  'hot deal',
  'great deal',
  'price drop',
  'price error',
  'flash sale',
  'free delivery',
  'free shipping',
  'free postage',
  'free p&p',
  'free next day delivery',
  'next day delivery',
  'fast delivery',
  'fast dispatch',
  'uk stock',
  'in stock',
  'brand new',
  'new arrival',
  'new for',
  'on sale',
  'mega deal',
  'deal of the day',
  'amazing',
  'awesome',
  'bargain',
  'cheapest',
  'exclusive',
  'fantastic',
  'genuine',
  'great',
  'huge',
  'incredible',
  'massive',
  'stunning',
  'superb',
  'unbeatable',
  'wow',
  'bnib',
  'bnwt',
  'hot',
  'sale',
  'deal',
  'deals',
  'offer',
  'promo',
];

/** A unit or spec token: 128GB, 65", 4K, 2.5mm, 10000mAh, 1TB, 240Hz, 3-pack, x2 ... */
const SPEC_RE =
  /\b\d+(?:[.,]\d+)?\s?(?:gb|tb|mb|mah|wh|w|kw|v|hz|khz|mhz|ghz|mm|cm|m|in|inch|inches|"|kg|g|l|ml|oz|lb|pack|pk|pcs|pieces|piece|k|mp|p|fps|rpm|ft|x)\b|\b\d+\s?x\s?\d+|\b[a-z]*\d+[a-z0-9-]*\b/i;

// `\s*(?:[-…]\s*)?` rather than `\s*[-…]?\s*`: two optional runs of spaces side by side backtrack cubically on a
// long run of spaces (an admin's 4000-character prompt held the server for minutes).
const PRICE_TAIL_RE = /\s*(?:[-–—|,:]\s*)?(?:(?:now|only|just|was|rrp|from|for)\s+)?£\s?\d[\d,]*(?:\.\d{1,2})?p?.*$/i;
const STORE_TAIL_RE = /\s+(?:@|at|via|from)\s+[A-Z0-9][\w&'.-]*(?:\s+[A-Z0-9][\w&'.-]*){0,3}\s*$/;
const CODE_TAIL_RE = /\s+(?:with|using|w\/)\s+(?:code|voucher|promo)\b.*$/i;
const PERCENT_RE = /\b(?:save\s+)?\d{1,3}\s?%\s?off\b|\bsave\s+£?\d[\d.,]*\b|\b(?:up to|upto)\s+\d{1,3}\s?%/gi;

function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
const FLUFF_RE = new RegExp(`(?<![\\w-])(?:${FLUFF_PHRASES.map(escapeRe).join('|')})(?![\\w-])`, 'gi');
/** Later segments that only say what the product fits or works with. */
const COMPAT_RE = /\b(?:for|compatible|works with|suitable|ideal|perfect)\b/i;

/** Parenthesised or bracketed extras go, unless they carry a spec worth keeping (then only the brackets go). */
function dropBracketed(title: string): string {
  return title.replace(/\s*[([{]([^()[\]{}]*)[)\]}]/g, (_m, inner: string) => {
    const text = inner.replace(FLUFF_RE, '').trim();
    return text && SPEC_RE.test(text) && text.length <= 24 ? ` ${text}` : '';
  });
}

function dropRepeats(words: string[]): string[] {
  const out: string[] = [];
  const brand = words[0]?.toLowerCase();
  for (const w of words) {
    const prev = out[out.length - 1];
    const lw = w.toLowerCase();
    if (prev && prev.toLowerCase() === lw) continue;
    // The brand repeated later ("Samsung Galaxy S24 ... by Samsung") adds nothing.
    if (out.length > 1 && lw === brand && /^[a-z]/i.test(w)) continue;
    out.push(w);
  }
  return out;
}

function tidy(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!])/g, '$1')
    .replace(/([,;:])(?=\S)/g, '$1 ')
    .replace(/^[\s,;:|/\-–—!]+|[\s,;:|/\-–—!]+$/g, '')
    .trim();
}

/** Cuts at a word boundary so the result fits `max`. */
export function clampWords(text: string, max = TITLE_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return tidy(space > max * 0.5 ? cut.slice(0, space) : text.slice(0, max));
}

/** Shortens a deal title by rules; see the module comment. Never returns an empty string for a non-empty title. */
export function shortenTitle(original: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (tabs, newlines, NUL) are what is replaced here
  const input = tidy(original.replace(/[\u0000-\u001f]/g, ' '));
  if (!input) return '';
  // Collapsed again at once: the marks and emoji become spaces, and runs of them must not reach the tail patterns.
  // The emoji variation selector (U+FE0F, as in ❗️ ‼️ ⭐️) is matched on its own, wherever it follows.
  let t = tidy(input.replace(/\*\*|__|!+|[🔥⚡✨💥✅❗‼⭐]|\uFE0F/gu, ' '));
  t = t.replace(CODE_TAIL_RE, '');
  t = t.replace(PRICE_TAIL_RE, '');
  t = t.replace(STORE_TAIL_RE, '');
  t = dropBracketed(t);
  t = t.replace(PERCENT_RE, ' ');
  t = t.replace(FLUFF_RE, ' ');
  t = tidy(t);

  // Keep the leading segment (brand and model) and the following ones only while they carry a spec.
  const segments = t
    .split(/\s+[|–—-]\s+|,\s+|\s+\/\s+/)
    .map(tidy)
    .filter(Boolean);
  let kept = segments[0] ?? '';
  for (const seg of segments.slice(1)) {
    if (!SPEC_RE.test(seg) || COMPAT_RE.test(seg) || seg.split(' ').length > 6) break;
    if (`${kept}, ${seg}`.length > TITLE_MAX) break;
    kept = `${kept}, ${seg}`;
  }
  const result = clampWords(tidy(dropRepeats(kept.split(' ')).join(' ')));
  return result.length >= 3 ? result : clampWords(input);
}

/**
 * The title inside a "shorten this title" instruction (SPEC §7): the longest quoted run, else the text after the
 * last colon, else the whole prompt.
 */
export function titleFromPrompt(prompt: string): string {
  // The usual shape ends with `: "<title>"`; greedy so a title with its own quotes (65" TV) stays whole.
  const tail = /:\s*["“]([\s\S]{3,})["”]\s*$/.exec(prompt);
  if (tail) return tail[1].trim();
  const quoted = [...prompt.matchAll(/"([^"]{3,})"|“([^”]{3,})”|'([^']{3,})'/g)].map((m) => m[1] ?? m[2] ?? m[3]);
  if (quoted.length) return quoted.sort((a, b) => b.length - a.length)[0].trim();
  const colon = prompt.lastIndexOf(':');
  if (colon >= 0 && colon < prompt.length - 3) return prompt.slice(colon + 1).trim();
  return prompt.trim();
}

/**
 * The same cleaning the client applies to a model's title reply (SPEC §7): drop bold marks and bullets and option
 * labels, take the first line that is not an option heading or a "here are" line. Used by the server-side deal tasks.
 */
export function cleanTitleReply(reply: string): string {
  const lines = reply
    .replace(/\*\*|__/g, '')
    .split(/\r?\n/)
    .map((l) =>
      l
        .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
        .replace(/^\s*option\s*\d*\s*[:.)-]\s*/i, '')
        .trim(),
    )
    .map((l) => l.replace(/^["'“”]+|["'“”]+$/g, '').trim())
    .filter((l) => l && !/^(?:here (?:are|is)|option\s*\d*\s*:?$|sure[,!.]|certainly)/i.test(l));
  return clampWords(tidy(lines[0] ?? ''));
}

/** The description reply cleaning of SPEC §7: bold marks and bullets stripped. */
export function cleanDescriptionReply(reply: string): string {
  return reply
    .replace(/\*\*|__/g, '')
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*[-*•]\s+/, '').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
