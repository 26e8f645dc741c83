/**
 * Reputation (docs/notes/vouchers-follows.md): a member's record from public facts and the badges it earns, with their
 * exact rules (the /help page shows BADGES' `rule` texts as they are). Pure: no Node or DOM APIs.
 */

/** A deal "reached 100°" when its temperature is 100 or more. */
export const HOT_DEAL_TEMPERATURE = 100;
/** Superposter looks at deals published in the last 28 days. */
export const SUPERPOSTER_DAYS = 28;
export const SUPERPOSTER_TOP_SHARE = 0.2;
export const SUPERPOSTER_MIN_HOT_SHARE = 0.65;
export const HOT_POSTER_MIN = 5;
export const HELPFUL_MIN_LIKES = 100;
export const VOUCHER_HUNTER_MIN = 10;
export const VOUCHER_HUNTER_SUCCESS = 0.7;

/** The facts a record shows and the badges read: public deals (active or expired), comments shown, vouchers approved. */
export interface ReputationFacts {
  dealsPosted: number;
  hotDeals: number;
  comments: number;
  likesReceived: number;
  vouchersPosted: number;
  /** Approved vouchers whose success rate is at least VOUCHER_HUNTER_SUCCESS. */
  workingVouchers: number;
  /** Mean success rate of their answered vouchers (0..1), or null. */
  voucherSuccess: number | null;
  /** Deals published in the last SUPERPOSTER_DAYS days, and how many of those reached 100°. */
  recentDeals: number;
  recentHotDeals: number;
}

/** A member with nothing public yet: the record every count starts from. */
export const noFacts = (): ReputationFacts => ({
  dealsPosted: 0,
  hotDeals: 0,
  comments: 0,
  likesReceived: 0,
  vouchersPosted: 0,
  workingVouchers: 0,
  voucherSuccess: null,
  recentDeals: 0,
  recentHotDeals: 0,
});

export const BADGE_IDS = ['superposter', 'hot-poster', 'helpful', 'voucher-hunter'] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

export const BADGES: Record<BadgeId, { label: string; short: string; rule: string }> = {
  superposter: {
    label: 'Superposter',
    short: 'SP',
    rule: `In the last ${SUPERPOSTER_DAYS} days, among the top ${SUPERPOSTER_TOP_SHARE * 100}% of posters by deals that reached ${HOT_DEAL_TEMPERATURE}°, with at least ${SUPERPOSTER_MIN_HOT_SHARE * 100}% of their deals from those days reaching ${HOT_DEAL_TEMPERATURE}°.`,
  },
  'hot-poster': {
    label: 'Hot Poster',
    short: 'HP',
    rule: `${HOT_POSTER_MIN} or more of their public deals reached ${HOT_DEAL_TEMPERATURE}°.`,
  },
  helpful: { label: 'Helpful', short: 'H', rule: `Their comments received ${HELPFUL_MIN_LIKES} or more likes in all.` },
  'voucher-hunter': {
    label: 'Voucher Hunter',
    short: 'VH',
    rule: `${VOUCHER_HUNTER_MIN} or more of their approved vouchers have a success rate of at least ${VOUCHER_HUNTER_SUCCESS * 100}%.`,
  },
};

/**
 * The fewest deals at 100° in the last 28 days that puts a poster in the top 20% (posters = members with a public deal
 * published in those days): the count of the poster at place ceil(20% of posters), ties with it included. Infinity
 * when nobody posted (nobody qualifies).
 */
export function superposterCutoff(recentHotByPoster: number[]): number {
  if (recentHotByPoster.length === 0) return Number.POSITIVE_INFINITY;
  const sorted = [...recentHotByPoster].sort((a, b) => b - a);
  const places = Math.max(1, Math.ceil(sorted.length * SUPERPOSTER_TOP_SHARE));
  return sorted[places - 1];
}

export function isSuperposter(f: Pick<ReputationFacts, 'recentDeals' | 'recentHotDeals'>, cutoff: number): boolean {
  return f.recentHotDeals >= 1 && f.recentHotDeals >= cutoff && f.recentDeals > 0 && f.recentHotDeals / f.recentDeals >= SUPERPOSTER_MIN_HOT_SHARE;
}

/** The badges the facts earn, in BADGE_IDS order. `cutoff`: superposterCutoff over every poster (the job works it out). */
export function badgesFor(f: ReputationFacts, cutoff: number): BadgeId[] {
  const earned: Record<BadgeId, boolean> = {
    superposter: isSuperposter(f, cutoff),
    'hot-poster': f.hotDeals >= HOT_POSTER_MIN,
    helpful: f.likesReceived >= HELPFUL_MIN_LIKES,
    'voucher-hunter': f.workingVouchers >= VOUCHER_HUNTER_MIN,
  };
  return BADGE_IDS.filter((id) => earned[id]);
}

/** Stored as "hot-poster,helpful"; unknown ids (a badge retired) are dropped. */
export const parseBadges = (text: string | null | undefined): BadgeId[] =>
  (text ?? '').split(',').filter((id): id is BadgeId => (BADGE_IDS as readonly string[]).includes(id));

/** Stored badges as they read beside a name ("hot-poster,helpful" -> ["Hot Poster", "Helpful"]). */
export const badgeLabels = (text: string | null | undefined): string[] => parseBadges(text).map((id) => BADGES[id].label);

/** The share of deals that went hot, 0..1 (0 without deals). */
export const hotShare = (f: Pick<ReputationFacts, 'dealsPosted' | 'hotDeals'>): number => (f.dealsPosted === 0 ? 0 : f.hotDeals / f.dealsPosted);
