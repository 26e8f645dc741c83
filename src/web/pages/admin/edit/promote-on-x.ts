import { formatGBP } from '../../../../shared/domain/money.js';

export const SITE_NAME = 'QuidsIn';
export const PROMOTE_HASHTAGS = ['deals', 'UKDeals', 'QuidsIn'] as const;

export interface PromoteInput {
  id: number;
  title: string;
  storeName: string | null | undefined;
  price: number | null | undefined;
  originalPrice: number | null | undefined;
  /** window.location.origin: the detail link must be absolute to be clickable on X. */
  origin: string;
}

/** A hashtag-safe store name: spaces (and anything X would cut the tag at) removed. */
export const storeTag = (name: string) => name.replace(/[^\p{L}\p{N}_]/gu, '');

/** The price sentence of SPEC §2: a real reduction says from what; otherwise just the price. */
export function priceLine(price: number | null | undefined, originalPrice: number | null | undefined): string | null {
  if (price === null || price === undefined) return null;
  if (originalPrice !== null && originalPrice !== undefined && originalPrice > price) {
    return `Price currently down to ${formatGBP(price)} from ${formatGBP(originalPrice)}`;
  }
  return `Price just ${formatGBP(price)} currently`;
}

/** The text of the 'Promote on X' post (SPEC §2 Admin edit deal). */
export function promoteText(input: PromoteInput): string {
  const tag = input.storeName ? storeTag(input.storeName) : '';
  const lines = [
    `🔥 ${SITE_NAME} deal: ${input.title.trim()}`,
    tag ? `At #${tag}` : null,
    priceLine(input.price, input.originalPrice),
    `${input.origin.replace(/\/+$/, '')}/dealDetail/${input.id}`,
    PROMOTE_HASHTAGS.map((h) => `#${h}`).join(' '),
  ];
  return lines.filter(Boolean).join('\n');
}

export const promoteUrl = (input: PromoteInput) => `https://x.com/intent/post?text=${encodeURIComponent(promoteText(input))}`;
