import { describe, expect, it } from 'vitest';
import { answerRefusal, answerWeight, isValidVoucherCode, lastWorkedText, voucherCodeKey, voucherStanding } from './vouchers.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const ago = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

describe('voucher success rate and its weighting', () => {
  it('weighs an answer by half every 7 days', () => {
    expect(answerWeight(0)).toBe(1);
    expect(answerWeight(7 * 86_400_000)).toBeCloseTo(0.5, 10);
    expect(answerWeight(14 * 86_400_000)).toBeCloseTo(0.25, 10);
    expect(answerWeight(-5000)).toBe(1);
  });

  it('a recent "Didn\'t work" outweighs an older "Worked for me"', () => {
    const s = voucherStanding(
      [
        { worked: true, at: ago(7) },
        { worked: false, at: ago(0) },
      ],
      NOW,
    );
    expect(s.successRate).toBeCloseTo(0.5 / 1.5, 10);
    expect(s.answerCount).toBe(2);
    expect(s.lastWorkedAt).toBe(ago(7));
  });

  it('reads 30 days: an answer of exactly 30 days counts, one just older does not (but still dates "last worked")', () => {
    expect(voucherStanding([{ worked: true, at: ago(30) }], NOW)).toMatchObject({ answerCount: 1, successRate: 1 });
    const old = voucherStanding([{ worked: true, at: new Date(NOW - 30 * 86_400_000 - 1).toISOString() }], NOW);
    expect(old).toMatchObject({ answerCount: 0, successRate: null, mayNotWork: false });
    expect(old.lastWorkedAt).not.toBeNull();
  });

  it("'May not work' needs at least 5 answers in 7 days and a rate under 30%", () => {
    const fails = (n: number, days = 1) => Array.from({ length: n }, () => ({ worked: false, at: ago(days) }));
    expect(voucherStanding(fails(4), NOW).mayNotWork).toBe(false);
    expect(voucherStanding(fails(5), NOW).mayNotWork).toBe(true);
    // Five answers, but one of them 8 days old: only four in the last 7 days.
    expect(voucherStanding([...fails(4), ...fails(1, 8)], NOW).mayNotWork).toBe(false);
    // 30% exactly is not under 30%: 3 worked of 10 (all today).
    const ten = [...Array.from({ length: 3 }, () => ({ worked: true, at: ago(0) })), ...fails(7, 0)];
    expect(voucherStanding(ten, NOW)).toMatchObject({ successRate: 0.3, mayNotWork: false });
    const under = [...Array.from({ length: 2 }, () => ({ worked: true, at: ago(0) })), ...fails(8, 0)];
    expect(voucherStanding(under, NOW).mayNotWork).toBe(true);
  });
});

describe('codes, duplicates and who may answer', () => {
  it('compares codes trimmed and upper-cased; blank is "no code"', () => {
    expect(voucherCodeKey(' save10 ')).toBe('SAVE10');
    expect(voucherCodeKey('')).toBeNull();
    expect(voucherCodeKey(null)).toBeNull();
  });

  it('a code is 1-50 characters without control characters', () => {
    expect(isValidVoucherCode('A')).toBe(true);
    expect(isValidVoucherCode('X'.repeat(50))).toBe(true);
    expect(isValidVoucherCode('X'.repeat(51))).toBe(false);
    expect(isValidVoucherCode('')).toBe(false);
    expect(isValidVoucherCode('AB\tC')).toBe(false);
    expect(isValidVoucherCode('AB\u0085C')).toBe(false);
  });

  it('never one own voucher, only a live one', () => {
    const live = { status: 'active', expiresAt: null, userId: 7 };
    expect(answerRefusal(live, 7, NOW)).toBe('own');
    expect(answerRefusal(live, 8, NOW)).toBeNull();
    expect(answerRefusal({ ...live, status: 'pending' }, 8, NOW)).toBe('not-live');
    expect(answerRefusal({ ...live, expiresAt: ago(0) }, 8, NOW)).toBe('not-live');
    expect(answerRefusal({ ...live, userId: null }, 8, NOW)).toBeNull();
  });

  it('says when it last worked', () => {
    expect(lastWorkedText(null, NOW)).toBeNull();
    expect(lastWorkedText(ago(2 / 24), NOW)).toBe('last worked 2 h ago');
    expect(lastWorkedText(new Date(NOW - 5 * 60_000).toISOString(), NOW)).toBe('last worked 5 min ago');
    expect(lastWorkedText(ago(3), NOW)).toBe('last worked 3 days ago');
  });
});
