/** Escaping for the HTML and XML this feature writes by hand (share-card tags, sitemaps, robots). */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or a double- or single-quoted attribute value in HTML or XML: the five significant characters as entities. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** The same escaping suits XML text and attributes (&#39; is a numeric reference, valid in XML too). */
export const escapeXml = escapeHtml;

const DECODE: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', mdash: '—', ndash: '–', hellip: '…', pound: '£', euro: '€',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', middot: '·', bull: '•', copy: '©', reg: '®', trade: '™',
};

/**
 * Text of a small HTML fragment we own (index.html's title and description): numeric references and the named ones
 * such a text uses (an unknown name is left as written).
 */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return DECODE[ref.toLowerCase()] ?? whole;
  });
}

/** Characters XML 1.0 forbids even as references: C0 controls but tab/LF/CR, U+FFFE/U+FFFF and unpaired surrogates. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text without the characters XML cannot carry. */
const xmlChars = (value: string): string => value.replace(NOT_XML, '');

/**
 * Text bound for the feed library's CDATA sections (item descriptions). Drops what XML cannot carry, and breaks up
 * `]]>`: the library's XML writer (xml-js) splits only the FIRST `]]>` of a section, so a second one would end the
 * section and let the rest be read as markup.
 */
export const feedText = (value: string): string => xmlChars(value).replaceAll(']]>', ']] >');

/**
 * A title for a feed (item, channel, category): plain text whose angle brackets are written as HTML references.
 * RSS leaves open whether a title is text or HTML and readers differ; this way a title reads the same both ways in
 * the usual case ("M&S", quotes) and a title with markup in it stays inert in a reader that renders HTML.
 */
export const feedTitle = (value: string): string => xmlChars(value).replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Whitespace runs as single spaces, cut at a word boundary near `max` characters with an ellipsis. */
export function snippet(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.\-–—]+$/, '')}…`;
}
