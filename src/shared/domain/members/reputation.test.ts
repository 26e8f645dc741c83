import { describe, expect, it } from 'vitest';
import { badgesFor, noFacts, parseBadges, type ReputationFacts, superposterCutoff } from './reputation.js';
import { followRefusal, MAX_FOLLOWS } from './follows.js';

const facts = (over: Partial<ReputationFacts> = {}): ReputationFacts => ({ ...noFacts(), ...over });
const NOBODY = Number.POSITIVE_INFINITY;

describe('badges at their edges', () => {
  it('Hot Poster: 5 deals at 100°, not 4', () => {
    expect(badgesFor(facts({ dealsPosted: 9, hotDeals: 4 }), NOBODY)).toEqual([]);
    expect(badgesFor(facts({ dealsPosted: 9, hotDeals: 5 }), NOBODY)).toEqual(['hot-poster']);
  });

  it('Helpful: 100 likes on comments, not 99', () => {
    expect(badgesFor(facts({ likesReceived: 99 }), NOBODY)).toEqual([]);
    expect(badgesFor(facts({ likesReceived: 100 }), NOBODY)).toEqual(['helpful']);
  });

  it('Voucher Hunter: 10 vouchers at 70% or more, not 9', () => {
    expect(badgesFor(facts({ workingVouchers: 9 }), NOBODY)).toEqual([]);
    expect(badgesFor(facts({ workingVouchers: 10 }), NOBODY)).toEqual(['voucher-hunter']);
  });

  it('Superposter: in the top 20% of posters and at least 65% hot', () => {
    // Ten posters: the top 20% are the first two places; the second has 3 hot deals.
    const cutoff = superposterCutoff([9, 3, 3, 2, 1, 0, 0, 0, 0, 0]);
    expect(cutoff).toBe(3);
    // 3 hot of 4 (75%) at the cutoff: yes; of 5 (60%): no; 2 hot of 2: under the cutoff.
    expect(badgesFor(facts({ recentDeals: 4, recentHotDeals: 3 }), cutoff)).toEqual(['superposter']);
    expect(badgesFor(facts({ recentDeals: 5, recentHotDeals: 3 }), cutoff)).toEqual([]);
    expect(badgesFor(facts({ recentDeals: 2, recentHotDeals: 2 }), cutoff)).toEqual([]);
    // Exactly 65%: 13 of 20.
    expect(badgesFor(facts({ recentDeals: 20, recentHotDeals: 13 }), 1)).toEqual(['superposter']);
    expect(badgesFor(facts({ recentDeals: 21, recentHotDeals: 13 }), 1)).toEqual([]);
  });

  it('the cutoff: at least one place, nobody when nobody posted; a poster without a hot deal never qualifies', () => {
    expect(superposterCutoff([])).toBe(NOBODY);
    expect(superposterCutoff([0, 0, 0])).toBe(0);
    expect(badgesFor(facts({ recentDeals: 1, recentHotDeals: 0 }), 0)).toEqual([]);
    expect(superposterCutoff([4])).toBe(4);
  });

  it('badges are listed in one order and stored as text; unknown ones drop', () => {
    expect(badgesFor(facts({ hotDeals: 5, likesReceived: 100, workingVouchers: 10, recentDeals: 1, recentHotDeals: 1 }), 1)).toEqual([
      'superposter',
      'hot-poster',
      'helpful',
      'voucher-hunter',
    ]);
    expect(parseBadges('helpful,retired,hot-poster')).toEqual(['helpful', 'hot-poster']);
    expect(parseBadges(null)).toEqual([]);
  });
});

describe('follow rules', () => {
  it('never yourself, at most 500', () => {
    expect(followRefusal('member', 4, 4, 0)).toBe('self');
    expect(followRefusal('store', 4, 4, 0)).toBeNull();
    expect(followRefusal('store', 1, 4, MAX_FOLLOWS - 1)).toBeNull();
    expect(followRefusal('store', 1, 4, MAX_FOLLOWS)).toBe('limit');
  });
});
