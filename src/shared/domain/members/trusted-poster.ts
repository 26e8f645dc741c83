/**
 * Trusted posters (docs/notes/posting.md): a member whose record shows enough approved deals, no rejection lately and
 * an account old enough posts live at once; everyone else's deal waits for the team (SPEC's pending step). The
 * thresholds are settings (TRUSTED_MIN_APPROVED, TRUSTED_REJECTION_DAYS, TRUSTED_MIN_ACCOUNT_DAYS); the server
 * decides with this rule and the form and /help explain it with the same numbers.
 */

export interface TrustedPosterThresholds {
  /** Deals of theirs the team approved (published: active or expired since). */
  minApproved: number;
  /** No deal of theirs rejected in this many days. */
  rejectionDays: number;
  /** The account is at least this many days old. */
  minAccountDays: number;
}

export const DEFAULT_TRUSTED_POSTER_THRESHOLDS: TrustedPosterThresholds = { minApproved: 3, rejectionDays: 90, minAccountDays: 7 };

export interface PosterRecord {
  approved: number;
  /** Rejections within the last `rejectionDays`. */
  recentRejections: number;
  accountCreatedAt: string;
}

const DAY_MS = 86_400_000;

/** Since when a rejection still counts against the member. */
export const rejectionWindowStart = (t: TrustedPosterThresholds, now = Date.now()) => new Date(now - t.rejectionDays * DAY_MS).toISOString();

/** True when the member's deals go live without waiting for the team. */
export function isTrustedPoster(record: PosterRecord, t: TrustedPosterThresholds, now = Date.now()): boolean {
  const age = now - Date.parse(record.accountCreatedAt);
  return record.approved >= t.minApproved && record.recentRejections === 0 && Number.isFinite(age) && age >= t.minAccountDays * DAY_MS;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The rule in a sentence, for /help and the deal form. */
export function trustedPosterRule(t: TrustedPosterThresholds): string {
  return `Members with at least ${plural(t.minApproved, 'approved deal')}, no deal rejected in the last ${plural(t.rejectionDays, 'day')} and an account at least ${plural(t.minAccountDays, 'day')} old are trusted posters: their deals go live at once. Everyone else's deals are checked by the team first.`;
}

/** What the form says before posting. */
export const postingNotice = (trusted: boolean) =>
  trusted ? 'You are a trusted poster: your deal goes live as soon as you submit it.' : 'Our team checks every deal before it goes live.';
