import { describe, expect, it } from 'vitest';
import { overlayByParsing, overlayTemplate, renderOverlay, type ViewerDealState } from './member-overlay.js';

/** A deal as the presenter writes it (the keys around the overlay's place), plus a field added after it. */
const deal = (id: number, title = `Deal ${id}`) => ({ id, title, temperature: 3, totalVotes: 3, commentCount: 1, isExpired: false, isLowestPrice: true });
const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));
/** What the presenter writes for a member: userVote (only ±1) and isSaved between totalVotes and commentCount. */
const asMember = (d: ReturnType<typeof deal>, s?: ViewerDealState) => {
  const { commentCount, isExpired, isLowestPrice, ...head } = d;
  const vote = s?.vote === 1 || s?.vote === -1 ? { userVote: s.vote } : {};
  return { ...head, ...vote, isSaved: s?.saved ?? false, commentCount, isExpired, isLowestPrice };
};

describe('member overlay', () => {
  const deals = [deal(1, 'Quote " and ,"commentCount": in a title'), deal(2), deal(3), deal(4)];
  const states = new Map<number, ViewerDealState>([
    [1, { vote: 1, saved: false }],
    [2, { vote: -1, saved: true }],
    [3, { vote: null, saved: true }],
  ]);

  it('inserts each deal’s state where the presenter writes it, for a page and for a plain list', () => {
    const page = { success: true, data: { deals, totalCount: 4, page: 1, pageSize: 20, totalPages: 1 } };
    const template = overlayTemplate(bytes(page))!;
    expect(template.ids).toEqual([1, 2, 3, 4]);
    const expected = { ...page, data: { ...page.data, deals: deals.map((d) => asMember(d, states.get(d.id))) } };
    expect(renderOverlay(template, states).toString()).toBe(JSON.stringify(expected));
    const list = { success: true, data: deals };
    expect(renderOverlay(overlayTemplate(bytes(list))!, new Map()).toString()).toBe(JSON.stringify({ success: true, data: deals.map((d) => asMember(d)) }));
  });

  it('ignores a vote other than ±1, as the presenter does', () => {
    const template = overlayTemplate(bytes({ success: true, data: [deal(7)] }))!;
    expect(renderOverlay(template, new Map([[7, { vote: 0, saved: false }]])).toString()).not.toContain('userVote');
  });

  it('makes no template of answers it cannot overlay exactly', () => {
    expect(overlayTemplate(Buffer.from('not json'))).toBeUndefined();
    expect(overlayTemplate(bytes({ success: false, error: 'x' }))).toBeUndefined();
    expect(overlayTemplate(bytes({ success: true, data: { id: 1 } }))).toBeUndefined();
    // Already carries a viewer's state, or lacks the anchor, or has it twice (a nested object).
    expect(overlayTemplate(bytes({ success: true, data: [{ ...deal(1), isSaved: true }] }))).toBeUndefined();
    const { commentCount: _c, ...noAnchor } = deal(1);
    expect(overlayTemplate(bytes({ success: true, data: [noAnchor] }))).toBeUndefined();
    expect(overlayTemplate(bytes({ success: true, data: [{ ...deal(1), extra: { a: 1, commentCount: 2 } }] }))).toBeUndefined();
  });

  it('has a slow way with the same result for a shape the template refuses', async () => {
    const page = { success: true, data: { deals, totalCount: 4 } };
    const out = await overlayByParsing(bytes(page), async (ids) => {
      expect(ids).toEqual([1, 2, 3, 4]);
      return states;
    });
    expect(out.toString()).toBe(renderOverlay(overlayTemplate(bytes(page))!, states).toString());
  });
});
