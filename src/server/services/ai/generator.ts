import { AI_MESSAGES } from '../../../shared/schemas/admin/ai.js';
import { HttpError } from '../../http/errors.js';
import { bodyText, fetchFailure, PAGE_MAX_BYTES, type Resolver, type SafeResponse, safeFetch } from '../safe-fetch/safe-fetch.js';
import { type AiSettings, chatComplete } from './chat-client.js';
import { clampText, extractPageInfo, type PageInfo } from './page-info.js';
import { shortenTitle, titleFromPrompt, TITLE_MAX } from './title-rules.js';

/**
 * Title and description help for deals (SPEC §7 /ai/generate, and the activation tasks). With an AI service
 * configured the model writes the text; without one, the offline rules and the page's own structured data do.
 */

export interface GeneratorDeps {
  ai: AiSettings;
  /** SAFE_FETCH_ALLOW entries, for product pages on purposely allowed hosts. */
  safeFetchAllow: readonly string[];
  resolver?: Resolver;
}

export const PAGE_TIMEOUT_MS = 15_000;

const TITLE_SYSTEM =
  'You edit deal titles for a UK deal-sharing site. Reply with one title only: the essential product name with brand, ' +
  `model and the key specification, no prices, no shop names, no marketing words, at most ${TITLE_MAX} characters.`;

const DESCRIPTION_SYSTEM =
  'You write product descriptions for a UK deal-sharing site. Using only the facts in the page text you are given, write ' +
  '2 to 4 short plain-text sentences on what the product is and its key features. Do not invent facts, prices or ' +
  'availability, do not mention the shop or this instruction, no headings, no markdown.';

/** A title request: `prompt` is an instruction containing the title (or `title` is given outright). */
export async function generateTitle(deps: GeneratorDeps, input: { prompt?: string; title?: string }): Promise<string> {
  const title = (input.title?.trim() || titleFromPrompt(input.prompt ?? '')).trim();
  if (!title) throw new HttpError(400, AI_MESSAGES.titleRequired);
  if (!deps.ai.baseUrl) return shortenTitle(title);
  const instruction = input.prompt?.trim() || `Shorten this deal title, keeping the essential product title, and answer only with the new title: "${title}"`;
  return chatComplete(
    deps.ai,
    [
      { role: 'system', content: TITLE_SYSTEM },
      { role: 'user', content: instruction },
    ],
    { maxTokens: 100, temperature: 0.2 },
  );
}

/** Fetches a product page through the SSRF guard and reads what it says about its product. */
export async function readProductPage(deps: GeneratorDeps, url: string): Promise<PageInfo> {
  let res: SafeResponse;
  try {
    res = await safeFetch(url, {
      maxBytes: PAGE_MAX_BYTES,
      allow: deps.safeFetchAllow,
      resolver: deps.resolver,
      timeoutMs: PAGE_TIMEOUT_MS,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
    });
  } catch (err) {
    throw fetchFailure(err, 'the product page');
  }
  if (res.contentType && !/html|xml|text\/plain/.test(res.contentType)) {
    throw new HttpError(502, `The product URL did not return a web page (${res.contentType.split(';')[0]})`);
  }
  return extractPageInfo(bodyText(res));
}

/** A description request: the product page at `url` (its readable text, title and price) feeds the model or the offline rules. */
export async function generateDescription(deps: GeneratorDeps, input: { url: string; title?: string }): Promise<string> {
  const page = await readProductPage(deps, input.url);
  if (!deps.ai.baseUrl) {
    if (!page.description) throw new HttpError(422, 'No product description was found on that page');
    return page.description;
  }
  if (!page.text && !page.description) throw new HttpError(422, 'The product page has no readable text to describe');
  const facts = [
    input.title?.trim() ? `Deal title: ${input.title.trim()}` : null,
    page.title ? `Product page title: ${page.title}` : null,
    page.price ? `Price on the page: ${page.price}` : null,
    page.description ? `The page's own summary: ${page.description}` : null,
    `Page text:\n${page.text}`,
  ].filter(Boolean);
  const reply = await chatComplete(
    deps.ai,
    [
      { role: 'system', content: DESCRIPTION_SYSTEM },
      { role: 'user', content: facts.join('\n') },
    ],
    { maxTokens: 400, temperature: 0.3 },
  );
  return clampText(reply, 5000);
}
