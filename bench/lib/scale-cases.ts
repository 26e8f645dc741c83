import type { ScaleParams } from './scale-params.js';

export type CaseGroup = 'browse' | 'home' | 'read' | 'write';

/** One request shape of the latency phase; `request(i)` gives the i-th call (parameters rotate through the samples). */
export interface ScaleCase {
  id: string;
  label: string;
  group: CaseGroup;
  /** Browse queries carry the targets: p95 <= 50 ms at the largest size and <= 2x the smallest size. */
  browseTarget: boolean;
  /** Its own p95 cap at the largest size, where the issue that added it set one below browse's (suggestions, the unread count). */
  p95TargetMs?: number;
  /** How many distinct calls the samples allow (a member votes once per deal); unlimited when absent. */
  capacity?: number;
  request(i: number): { method: 'GET' | 'POST'; url: string; payload?: unknown; asMember?: { userId: number; tokenVersion: number } };
}

export const SORTS = ['newest', 'hottest', 'getting-warm', 'price-asc', 'price-desc', 'most-commented', 'trending'] as const;

/** Price bands of the browse filter (SPEC §9 buckets and their usual combinations), pounds. */
const PRICE_BANDS: Array<[number | undefined, number | undefined]> = [
  [undefined, 25],
  [25, 50],
  [50, 100],
  [100, 200],
  [200, undefined],
  [undefined, 50],
  [25, 100],
  [50, 200],
];

const at = <T>(xs: T[], i: number) => xs[i % xs.length];

/** Searches whose words have synonyms or other forms (shared/domain/search/synonyms.ts). */
const SYNONYM_QUERIES = ['television', 'telly', 'hoover', 'sneakers', 'mobile', 'colour', 'nappies', 'ps5', '55 inch', 'airfryer', 'sofa', 'fridge'];

/** A word with two letters in its middle swapped: one typo ("samsung" -> "samsnug"). */
function misspelt(word: string): string {
  const i = Math.floor(word.length / 2);
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
}

export function scaleCases(p: ScaleParams): ScaleCase[] {
  const get = (url: string) => ({ method: 'GET' as const, url });
  const longTerms = p.searchTerms.filter((t) => /^\p{L}{5,}$/u.test(t));
  if (longTerms.length === 0) longTerms.push('samsung');
  const cases: ScaleCase[] = [
    { id: 'browse-default', label: 'browse (default)', group: 'browse', browseTarget: true, request: () => get('/api/deals') },
    {
      id: 'browse-search',
      label: 'browse + search',
      group: 'browse',
      browseTarget: true,
      // A different word each call: the count of a search is cached per text, a fresh word measures the real query.
      request: (i) => get(`/api/deals?search=${encodeURIComponent(at(p.searchTerms, i))}`),
    },
    // Forgiving search (docs/notes/search.md): a misspelt word (near spellings looked up), UK synonyms and model names
    // (an OR of forms), a quoted phrase with an exclusion, and suggestions as you type.
    {
      id: 'search-typo',
      label: 'search: a typo',
      group: 'browse',
      browseTarget: true,
      request: (i) => get(`/api/deals?search=${encodeURIComponent(misspelt(at(longTerms, i)))}`),
    },
    {
      id: 'search-synonym',
      label: 'search: synonyms',
      group: 'browse',
      browseTarget: true,
      request: (i) => get(`/api/deals?search=${encodeURIComponent(at(SYNONYM_QUERIES, i))}`),
    },
    {
      id: 'search-phrase',
      label: 'search: "phrase" -word',
      group: 'browse',
      browseTarget: true,
      request: (i) => get(`/api/deals?search=${encodeURIComponent(`"${at(p.searchTerms, i)} ${at(p.searchTerms, i + 1)}" -${at(p.searchTerms, i + 2)}`)}`),
    },
    {
      id: 'search-suggest',
      label: 'search suggestions',
      group: 'browse',
      browseTarget: true,
      p95TargetMs: 10,
      request: (i) => get(`/api/search/suggest?q=${encodeURIComponent(at(p.searchTerms, i).slice(0, 2 + (i % 3)))}`),
    },
    {
      id: 'browse-category-price',
      label: 'browse + category + price',
      group: 'browse',
      browseTarget: true,
      request: (i) => {
        const [min, max] = at(PRICE_BANDS, i);
        const category = (i % 25) + 1;
        return get(`/api/deals?category=${category}${min !== undefined ? `&minPrice=${min}` : ''}${max !== undefined ? `&maxPrice=${max}` : ''}`);
      },
    },
    ...SORTS.map(
      (sort): ScaleCase => ({ id: `sort-${sort}`, label: `sort ${sort}`, group: 'browse', browseTarget: true, request: () => get(`/api/deals?sort=${sort}`) }),
    ),
    // The Following tab (docs/notes/vouchers-follows.md): a member following 50 shops, categories and posters.
    {
      id: 'browse-following',
      label: 'browse following=1 (50 follows)',
      group: 'browse',
      browseTarget: true,
      request: (i) => ({ method: 'GET', url: `/api/deals?following=1${i % 4 === 3 ? '&page=2' : ''}`, asMember: at(p.followers, i) }),
    },
    { id: 'browse-page-100', label: 'browse page 100', group: 'browse', browseTarget: true, request: () => get('/api/deals?page=100') },
    { id: 'home-trending', label: 'home: trending 8', group: 'home', browseTarget: true, request: () => get('/api/deals/trending?limit=8') },
    { id: 'home-newest', label: 'home: newest 8', group: 'home', browseTarget: true, request: () => get('/api/deals/newest?limit=8') },
    { id: 'home-getting-warm', label: 'home: getting-warm 10', group: 'home', browseTarget: true, request: () => get('/api/deals/getting-warm?limit=10') },
    { id: 'home-most-commented', label: 'home: most-commented', group: 'home', browseTarget: true, request: () => get('/api/deals/most-commented') },
    // The bell's count for a member with 500 notifications, half unread (docs/notes/notifications.md "Bench").
    {
      id: 'unread-count',
      label: 'notifications unread count (500 kept)',
      group: 'read',
      browseTarget: false,
      p95TargetMs: 2,
      request: (i) => ({ method: 'GET', url: '/api/notifications/unread-count', asMember: at(p.notified, i) }),
    },
    { id: 'deal-detail', label: 'deal detail', group: 'read', browseTarget: false, request: (i) => get(`/api/deals/${at(p.dealIds, i)}`) },
    { id: 'deal-comments', label: "a deal's comments", group: 'read', browseTarget: false, request: (i) => get(`/api/comments/${at(p.commentedDealIds, i)}`) },
    {
      id: 'write-vote',
      label: 'vote (write)',
      group: 'write',
      browseTarget: false,
      capacity: p.voters.length,
      request: (i) => {
        const v = at(p.voters, i);
        return { method: 'POST', url: '/api/votes', payload: { dealId: v.dealId, voteType: 1 }, asMember: v };
      },
    },
    {
      id: 'write-comment',
      label: 'comment (write)',
      group: 'write',
      browseTarget: false,
      request: (i) => {
        const c = at(p.commenters, i);
        return { method: 'POST', url: '/api/comments', payload: { dealId: c.dealId, text: `Still available at this price this morning (${i}).` }, asMember: c };
      },
    },
  ];
  return cases;
}
