import { describe, expect, it } from 'vitest';
import { findMissing, type StoredWrites } from './cluster.js';
import type { AcknowledgedWrite } from './mixed.js';

const stored = (s: Partial<StoredWrites>): StoredWrites => ({ votes: new Map(), saved: new Set(), comments: new Map(), ...s });

describe('acknowledged writes after a cluster run', () => {
  it('finds every acknowledged vote, save and comment in what the database holds', () => {
    const acks: AcknowledgedWrite[] = [
      { kind: 'vote', userId: 1, dealId: 10, voteType: 1 },
      { kind: 'save', userId: 1, dealId: 11, saved: true },
      { kind: 'comment', userId: 2, dealId: 10, commentId: 500 },
    ];
    const db = stored({ votes: new Map([['1:10', 1]]), saved: new Set(['1:11']), comments: new Map([[500, '2:10']]) });
    expect(findMissing(acks, db)).toEqual({ missing: 0, examples: [] });
  });

  it('counts a vote of the wrong type, a lost comment and a lost save as missing', () => {
    const acks: AcknowledgedWrite[] = [
      { kind: 'vote', userId: 1, dealId: 10, voteType: -1 },
      { kind: 'vote', userId: 3, dealId: 10, voteType: 1 },
      { kind: 'save', userId: 1, dealId: 11, saved: true },
      { kind: 'comment', userId: 2, dealId: 10, commentId: 500 },
    ];
    const r = findMissing(acks, stored({ votes: new Map([['1:10', 1]]) }));
    expect(r.missing).toBe(4);
    expect(r.examples).toContain('comment 500 by user 2 on deal 10');
    expect(r.examples).toContain('save of deal 11 by user 1');
  });

  it('judges a deal saved and unsaved by the last acknowledged of the two', () => {
    const savedThenUnsaved: AcknowledgedWrite[] = [
      { kind: 'save', userId: 1, dealId: 11, saved: true },
      { kind: 'save', userId: 1, dealId: 11, saved: false },
    ];
    expect(findMissing(savedThenUnsaved, stored({})).missing).toBe(0);
    expect(findMissing(savedThenUnsaved, stored({ saved: new Set(['1:11']) })).examples).toEqual(['unsave of deal 11 by user 1']);
    expect(findMissing([...savedThenUnsaved].reverse(), stored({ saved: new Set(['1:11']) })).missing).toBe(0);
  });
});
