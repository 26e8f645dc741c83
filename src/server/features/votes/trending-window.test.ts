import { describe, expect, it } from 'vitest';
import { TRENDING_WINDOW_MS } from '../../../shared/domain/deals/temperature.js';
import { useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { recountRecentVotes } from '../deals/index.js';

/** deals.recent_votes: kept by the vote, by voiding and by the trending-window job; the trending order reads it. */
describe('the trending window counter', () => {
  const {
    h,
    admin,
    members: [owner, a, b],
  } = useHarness({ members: 3 });
  const recent = async (id: number) =>
    (await h.db.kysely.selectFrom('deals').select('recent_votes').where('id', '=', id).executeTakeFirstOrThrow()).recent_votes;
  const vote = (dealId: number, token: string) => h.request({ method: 'POST', url: '/api/votes', token, payload: { dealId, voteType: 1 } });
  const trending = async () =>
    (await h.request({ method: 'GET', url: '/api/deals?sort=trending&pageSize=100' })).body.data.deals.map((d: { id: number }) => d.id);

  it('counts a vote at once, puts the deal first, and lets it go a day later', async () => {
    const quiet = await insertDeal(h, { user_id: owner.id, temperature: 30, hot_score: 1e9 });
    const voted = await insertDeal(h, { user_id: owner.id });
    expect((await vote(voted, a.token)).status).toBe(200);
    expect((await vote(voted, b.token)).status).toBe(200);
    expect(await recent(voted)).toBe(2);
    expect((await trending()).slice(0, 2)).toEqual([voted, quiet]);

    // Nothing changes while the votes are inside the window.
    expect(await recountRecentVotes(h.db)).toBe(0);
    expect(await recountRecentVotes(h.db, Date.now() + TRENDING_WINDOW_MS + 60_000)).toBeGreaterThanOrEqual(1);
    expect(await recent(voted)).toBe(0);
  });

  it('recounts at each tick only the deals whose votes aged out, and every counted deal when asked', async () => {
    const stale = await insertDeal(h, { user_id: owner.id });
    await h.db.kysely.updateTable('deals').set({ recent_votes: 5 }).where('id', '=', stale).execute();
    // No vote of this deal left the window: a routine tick does not read it; the hourly full recount mends it.
    await recountRecentVotes(h.db);
    expect(await recent(stale)).toBe(5);
    expect(await recountRecentVotes(h.db, Date.now(), { all: true })).toBeGreaterThanOrEqual(1);
    expect(await recent(stale)).toBe(0);
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)('finds the deals of the full recount from the partial (id, recent_votes) index alone (SQLite)', async () => {
    const sqlite = h.db.sqlite!;
    const original = sqlite.prepare;
    const prepared: string[] = [];
    // As query-plans.ts captures a request's statements: kept statements would skip prepare(), so they are dropped.
    (sqlite as { prepare: typeof original }).prepare = ((source: string) => {
      prepared.push(source);
      return original.call(sqlite, source);
    }) as typeof original;
    h.db.clearStatementCache?.();
    try {
      await recountRecentVotes(h.db, Date.now(), { all: true });
    } finally {
      (sqlite as { prepare: typeof original }).prepare = original;
    }
    const update = prepared.find((text) => text.startsWith('UPDATE'));
    const cutoff = new Date().toISOString();
    const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${update}`).all(cutoff, cutoff) as Array<{ detail: string }>;
    expect(plan.map((r) => r.detail).join(' / ')).toMatch(/SCAN deals USING COVERING INDEX deals_recent_votes_idx/);
  });

  it('recounts when votes are voided', async () => {
    const id = await insertDeal(h, { user_id: owner.id });
    await vote(id, a.token);
    await vote(id, b.token);
    const votes = await h.db.kysely.selectFrom('votes').select('id').where('deal_id', '=', id).execute();
    const res = await h.request({
      method: 'POST',
      url: `/api/admin/deals/${id}/votes/void`,
      token: admin.token,
      payload: { voteIds: [votes[0].id], reason: 'test' },
    });
    expect(res.status).toBe(200);
    expect(await recent(id)).toBe(1);
  });
});
