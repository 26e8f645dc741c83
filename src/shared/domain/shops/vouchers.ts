/**
 * Voucher codes (docs/notes/vouchers-follows.md): the success rate and its weighting, the 'May not work' mark, what
 * counts as the same code, who may answer, and the words the web shows. Pure: no Node or DOM APIs.
 */

/** A voucher's success rate reads the answers of the last 30 days. */
export const SUCCESS_WINDOW_DAYS = 30;
/** An answer's weight halves every 7 days: a week-old "Worked for me" counts half as much as today's. */
export const SUCCESS_HALF_LIFE_DAYS = 7;
/** 'May not work': at least this many answers in the last MAY_NOT_WORK_DAYS days ... */
export const MAY_NOT_WORK_MIN_ANSWERS = 5;
export const MAY_NOT_WORK_DAYS = 7;
/** ... and a success rate under this. */
export const MAY_NOT_WORK_BELOW = 0.3;

export const VOUCHER_CODE_MAX = 50;
export const VOUCHER_TITLE_MIN = 5;
export const VOUCHER_TITLE_MAX = 120;
export const VOUCHER_CONDITIONS_MAX = 500;

const DAY_MS = 86_400_000;

export interface VoucherAnswer {
  worked: boolean;
  /** When the member gave (or last changed) the answer, ISO-8601. */
  at: string;
}

export interface VoucherStanding {
  /** 0..1, or null when nobody answered in the window. */
  successRate: number | null;
  /** Answers in the window. */
  answerCount: number;
  /** The newest "Worked for me" ever given (ISO-8601), or null. */
  lastWorkedAt: string | null;
  mayNotWork: boolean;
}

/** weight = 0.5 ^ (age in days / 7); answers from the future (clock skew) count as now. */
export const answerWeight = (ageMs: number): number => 0.5 ** (Math.max(0, ageMs) / (SUCCESS_HALF_LIFE_DAYS * DAY_MS));

/**
 * A voucher's standing from its answers: the success rate is the weighted share of "Worked for me" among the answers
 * of the last SUCCESS_WINDOW_DAYS (each weighted by answerWeight), the count is those answers, and it is marked
 * 'May not work' when at least MAY_NOT_WORK_MIN_ANSWERS of them came in the last MAY_NOT_WORK_DAYS and the rate is
 * under MAY_NOT_WORK_BELOW.
 */
export function voucherStanding(answers: VoucherAnswer[], now: number): VoucherStanding {
  let weighted = 0;
  let total = 0;
  let count = 0;
  let recent = 0;
  let lastWorked: number | null = null;
  for (const a of answers) {
    const at = Date.parse(a.at);
    if (!Number.isFinite(at)) continue;
    if (a.worked && (lastWorked === null || at > lastWorked)) lastWorked = at;
    const age = now - at;
    if (age > SUCCESS_WINDOW_DAYS * DAY_MS) continue;
    const w = answerWeight(age);
    total += w;
    if (a.worked) weighted += w;
    count += 1;
    if (age <= MAY_NOT_WORK_DAYS * DAY_MS) recent += 1;
  }
  const successRate = count === 0 || total === 0 ? null : weighted / total;
  return {
    successRate,
    answerCount: count,
    lastWorkedAt: lastWorked === null ? null : new Date(lastWorked).toISOString(),
    mayNotWork: successRate !== null && recent >= MAY_NOT_WORK_MIN_ANSWERS && successRate < MAY_NOT_WORK_BELOW,
  };
}

/** What the duplicate check compares: the code trimmed and upper-cased ("save10 " is "SAVE10"). null: no code. */
export const voucherCodeKey = (code: string | null | undefined): string | null => {
  const key = code?.trim().toUpperCase() ?? '';
  return key === '' ? null : key;
};

/** Control characters (C0, DEL, C1), line and paragraph separators: never in a code or a title. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point of this rule
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A code is printable text without spaces at its ends, 1 to 50 characters. */
export const isValidVoucherCode = (code: string): boolean => code.length >= 1 && code.length <= VOUCHER_CODE_MAX && !CONTROL_CHARACTERS.test(code);

/** Live: approved and not past its expiry. Only live vouchers are answered, copied and counted as duplicates. */
export const isLiveVoucher = (v: { status: string; expiresAt: string | null }, now: number): boolean =>
  v.status === 'active' && (v.expiresAt === null || Date.parse(v.expiresAt) > now);

/** Statuses the public sees (an expired one only when asked for). */
export const PUBLIC_VOUCHER_STATUSES = ['active', 'expired'] as const;

/** Why a member may not answer a voucher (null: they may). Never their own; only a live one. */
export function answerRefusal(
  voucher: { status: string; expiresAt: string | null; userId: number | null },
  memberId: number,
  now: number,
): 'own' | 'not-live' | null {
  if (voucher.userId !== null && voucher.userId === memberId) return 'own';
  if (!isLiveVoucher(voucher, now)) return 'not-live';
  return null;
}

/** "87%" (rounded), or "No answers yet". */
export const successText = (rate: number | null): string => (rate === null ? 'No answers yet' : `${Math.round(rate * 100)}% success`);

/** "last worked 2 h ago": minutes under an hour, hours under two days, then days. */
export function lastWorkedText(lastWorkedAt: string | null, now: number): string | null {
  if (lastWorkedAt === null) return null;
  const ms = Math.max(0, now - Date.parse(lastWorkedAt));
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'last worked just now';
  if (minutes < 60) return `last worked ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `last worked ${hours} h ago`;
  return `last worked ${Math.floor(hours / 24)} days ago`;
}

export const VOUCHER_REPORT_REASONS = ['expired', 'not-working', 'spam'] as const;
export type VoucherReportReason = (typeof VOUCHER_REPORT_REASONS)[number];
export const VOUCHER_REPORT_LABELS: Record<VoucherReportReason, string> = {
  expired: 'Expired',
  'not-working': "Doesn't work",
  spam: 'Spam',
};
