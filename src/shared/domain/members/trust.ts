/**
 * Trust in the feed (docs/notes/trust.md): the rules the server enforces and the web explains.
 */

/** An account younger than this is "new": its votes count half and its member rate limits are halved. */
export const NEW_ACCOUNT_HOURS = 24;
export const NEW_ACCOUNT_MS = NEW_ACCOUNT_HOURS * 60 * 60 * 1000;

/** True while an account created at `createdAtIso` is younger than NEW_ACCOUNT_HOURS. */
export const isNewAccount = (createdAtIso: string, now = Date.now()) => now - Date.parse(createdAtIso) < NEW_ACCOUNT_MS;

/** Whole hours since the account was created (0 for a clock that ran backwards). */
export const accountAgeHours = (createdAtIso: string, now = Date.now()) => Math.max(0, Math.floor((now - Date.parse(createdAtIso)) / 3_600_000));

/**
 * The temperature shown and sorted on: every vote counts 1, except a vote cast by an account younger than 24 h,
 * which counts 0.5 until that account is 24 h old. `halfVoteBalance` is the signed count of votes still counting
 * half (up +1, down -1), so the exact value is upvotes - downvotes - halfVoteBalance / 2; it is rounded half away
 * from zero (one new member's upvote shows 1°, their downvote -1°). With no new accounts voting it is exactly
 * upvotes - downvotes (ARCHITECTURE §5).
 */
export function weightedTemperature(upvotes: number, downvotes: number, halfVoteBalance: number): number {
  const halves = 2 * (upvotes - downvotes) - halfVoteBalance;
  const rounded = Math.sign(halves) * Math.floor((Math.abs(halves) + 1) / 2);
  return rounded === 0 ? 0 : rounded;
}

/** The FAQ's words for the half-weight rule (SPEC style: plain, one paragraph). */
export const VOTE_WEIGHT_FAQ =
  'Votes from accounts less than 24 hours old count as half a vote until the account is a day old, then they count in full. Temperatures are rounded to whole degrees.';
