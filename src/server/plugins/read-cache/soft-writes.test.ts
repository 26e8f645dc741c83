import { describe, expect, it } from 'vitest';
import { dealOfUrl, freshAfterSoftWrites, localSoftMarks, SOFT_WINDOW_MS, type SoftMarks, viewOf } from './soft-writes.js';

const NONE: SoftMarks = { shared: '', listsAt: 0, allAt: 0, dealAt: 0, memberAt: 0 };

describe('soft writes: what each one ages', () => {
  it('knows one deal’s own answers from everything else', () => {
    expect(dealOfUrl('/api/deals/42')).toBe(42);
    expect(dealOfUrl('/api/deals/42?x=1')).toBe(42);
    expect(dealOfUrl('/api/deals/42/price-history')).toBe(42);
    expect(dealOfUrl('/api/comments/42')).toBe(42);
    for (const url of [
      '/api/deals',
      '/api/deals?sort=hottest',
      '/api/deals/hottest',
      '/api/deals/related?id=4',
      '/api/comments/user/me',
      '/api/stores/4',
      '/dealDetail/42',
    ])
      expect(dealOfUrl(url), url).toBeUndefined();
  });

  it('a vote on one deal ages that deal’s answers and the lists, not another deal’s', () => {
    const marks = localSoftMarks(10);
    marks.mark(7, 1_000, { kind: 'deal', dealId: 1, lists: true });
    expect(viewOf(marks.merge(NONE, undefined, 1), 1).softAt).toBe(1_000);
    expect(viewOf(marks.merge(NONE, undefined, 2), 2).softAt).toBe(0);
    expect(viewOf(marks.merge(NONE, undefined, undefined), undefined).softAt).toBe(1_000);
    // The writer's own reads skip everything read before their write.
    expect(marks.merge(NONE, 7, 2).memberAt).toBe(1_000);
  });

  it('a like ages its deal’s answers only; a write that names no deal ages everything; the writer’s own change nothing public', () => {
    const marks = localSoftMarks(10);
    marks.mark(7, 1_000, { kind: 'deal', dealId: 1, lists: false });
    expect(viewOf(marks.merge(NONE, undefined, undefined), undefined).softAt).toBe(0);
    expect(viewOf(marks.merge(NONE, undefined, 1), 1).softAt).toBe(1_000);
    marks.mark(8, 2_000, { kind: 'own' });
    expect(viewOf(marks.merge(NONE, undefined, 3), 3).softAt).toBe(0);
    expect(marks.merge(NONE, 8, undefined).memberAt).toBe(2_000);
    marks.mark(undefined, 3_000, { kind: 'all' });
    expect(viewOf(marks.merge(NONE, undefined, 3), 3).softAt).toBe(3_000);
    expect(viewOf(marks.merge(NONE, undefined, undefined), undefined).softAt).toBe(3_000);
  });

  it('a deal’s mark pushed out of the bounded table stays as a floor for every deal it does not keep', () => {
    const marks = localSoftMarks(10, 2);
    marks.mark(undefined, 1_000, { kind: 'deal', dealId: 1, lists: false });
    marks.mark(undefined, 2_000, { kind: 'deal', dealId: 2, lists: false });
    marks.mark(undefined, 3_000, { kind: 'deal', dealId: 3, lists: false });
    expect(marks.merge(NONE, undefined, 1).dealAt).toBe(1_000);
    expect(marks.merge(NONE, undefined, 99).dealAt).toBe(1_000);
    expect(marks.merge(NONE, undefined, 3).dealAt).toBe(3_000);
  });

  it('lays the shared marks under this process’s, the later of each winning', () => {
    const marks = localSoftMarks(10);
    marks.mark(undefined, 1_000, { kind: 'deal', dealId: 1, lists: true });
    const merged = marks.merge({ shared: 'g', listsAt: 500, allAt: 1_500, dealAt: 900, memberAt: 0 }, undefined, 1);
    expect(merged).toEqual({ shared: 'g', listsAt: 1_000, allAt: 1_500, dealAt: 1_000, memberAt: 0 });
    expect(viewOf(merged, 1).softAt).toBe(1_500);
  });

  it('serves an answer read before the latest write that changed it only within the window, never to its writer', () => {
    const view = { shared: '', softAt: 1_000, memberAt: 0 };
    expect(freshAfterSoftWrites(1_001, view, 99_000)).toBe(true);
    expect(freshAfterSoftWrites(1_000, view, 1_000 + SOFT_WINDOW_MS - 1)).toBe(true);
    expect(freshAfterSoftWrites(1_000, view, 1_000 + SOFT_WINDOW_MS)).toBe(false);
    expect(freshAfterSoftWrites(1_001, { ...view, memberAt: 1_001 }, 1_002)).toBe(false);
  });
});
