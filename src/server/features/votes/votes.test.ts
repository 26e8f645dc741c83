import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotScore } from '../../../shared/domain/deals/temperature.js';
import { createHarness, type Harness, useHarness } from '../../test/harness.js';
import { backdateAccounts } from '../../test/data/accounts.js';
import { insertDeal } from '../../test/data/deal-helpers.js';

/** Accounts older than a day: their votes count whole and they have the full member limits. */
const established = (h: Harness, ids: number[]) => backdateAccounts(h, ids, 30 * 24);

describe('POST /votes', () => {
  const {
    h,
    members: [owner, voter],
  } = useHarness({ members: 2 });
  beforeAll(async () => {
    await established(h, [owner.id, voter.id]);
  });

  const vote = (dealId: unknown, voteType: unknown, token?: string) => h.request({ method: 'POST', url: '/api/votes', token, payload: { dealId, voteType } });

  it('counts one vote per member, updates counters, temperature and hot score together', async () => {
    const published = new Date(Date.now() - 3600_000).toISOString();
    const id = await insertDeal(h, { user_id: owner.id, published_at: published });
    const res = await vote(id, 1, voter.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ totalVotes: 1, voteType: 1, upvotes: 1, downvotes: 0, weight: 1 });
    const other = await h.createUser();
    await established(h, [other.id]);
    const down = await vote(String(id), '-1', other.token);
    expect(down.body.data).toEqual({ totalVotes: 0, voteType: -1, upvotes: 1, downvotes: 1, weight: 1 });

    const again = await vote(id, -1, voter.token);
    expect(again).toMatchObject({ status: 409, body: { success: false, error: 'You have already voted on this deal' } });
    const row = await h.db.kysely.selectFrom('deals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ upvotes: 1, downvotes: 1, temperature: 0 });
    expect(row.hot_score).toBeCloseTo(hotScore(0, Date.parse(published)), 6);
    const detail = await h.request({ method: 'GET', url: `/api/deals/${id}`, token: voter.token });
    expect(detail.body.data).toMatchObject({ userVote: 1, temperature: 0, totalVotes: 0 });
  });

  it("costs the database five statements besides its transaction's begin and commit", async () => {
    // A vote's statements are its cost on PostgreSQL, a round trip each (docs/notes/bench.md "What a write costs"):
    // the user and session (one query), the deal locked, the vote (an earlier one found by the insert), the counters,
    // the alerts waiting for the temperature.
    const id = await insertDeal(h, { user_id: owner.id });
    // Counted as they run: a statement compiled once (db/statements/compiled-once.ts) is not built again, only run.
    const kinds = new Map<unknown, string>();
    const sent: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        kinds.set(queryId, node.kind);
        return node;
      },
      async transformResult({ result, queryId }) {
        sent.push(kinds.get(queryId) ?? 'compiled once');
        return result;
      },
    };
    const kysely = h.db.kysely;
    h.db.kysely = kysely.withPlugin(counting);
    try {
      expect((await vote(id, 1, voter.token)).status).toBe(200);
    } finally {
      h.db.kysely = kysely;
    }
    expect(sent, sent.join(', ')).toHaveLength(5);
  });

  it('refuses visitors, owners, bad payloads and closed deals with the spec messages', async () => {
    const id = await insertDeal(h, { user_id: owner.id });
    expect(await vote(id, 1)).toMatchObject({ status: 401, body: { error: 'Please log in to vote' } });
    expect(await vote(id, 1, owner.token)).toMatchObject({ status: 403, body: { error: 'You cannot vote on your own deal' } });
    expect((await vote(id, 2, voter.token)).status).toBe(400);
    expect((await vote('abc', 1, voter.token)).status).toBe(400);
    expect(await vote(99999, 1, voter.token)).toMatchObject({ status: 404, body: { error: 'Deal not found' } });
    const pending = await insertDeal(h, { status: 'pending' });
    expect((await vote(pending, 1, voter.token)).status).toBe(404);
    const expired = await insertDeal(h, { expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await vote(expired, 1, voter.token)).status).toBe(403);
    const expiredStatus = await insertDeal(h, { status: 'expired' });
    expect((await vote(expiredStatus, 1, voter.token)).status).toBe(403);
  });

  it('counts exactly 50 of 50 concurrent votes from 50 members', async () => {
    const id = await insertDeal(h, { user_id: owner.id });
    const members = await Promise.all(Array.from({ length: 50 }, () => h.createUser()));
    await established(
      h,
      members.map((m) => m.id),
    );
    const results = await Promise.all(members.map((m, i) => vote(id, i % 5 === 0 ? -1 : 1, m.token)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const row = await h.db.kysely.selectFrom('deals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ upvotes: 40, downvotes: 10, temperature: 30 });
    const votes = await h.db.kysely
      .selectFrom('votes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deal_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(votes.n)).toBe(50);
    expect(Math.max(...results.map((r) => r.body.data.upvotes))).toBe(40);
    // The same member racing themselves: one vote counts, the other is told it already voted.
    const racer = await h.createUser();
    const twice = await Promise.all([vote(id, 1, racer.token), vote(id, 1, racer.token)]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('answers 429 with a message past the vote limit', async () => {
    const limited = await createHarness({ RATE_LIMIT_FACTOR: '0.05' }); // 60/min -> 3/min
    try {
      const m = await limited.createUser();
      await established(limited, [m.id]);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.request({ method: 'POST', url: '/api/votes', token: m.token, payload: { dealId: 99999, voteType: 1 } })).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const res = await limited.request({ method: 'POST', url: '/api/votes', token: m.token, payload: { dealId: 99999, voteType: 1 } });
      expect(res.body).toMatchObject({ success: false, error: expect.stringMatching(/Too many requests/) });
      // An account younger than 24 h has half the member limits: 2 a minute here.
      const young = await limited.createUser();
      const youngStatuses: number[] = [];
      for (let i = 0; i < 3; i++)
        youngStatuses.push((await limited.request({ method: 'POST', url: '/api/votes', token: young.token, payload: { dealId: 99999, voteType: 1 } })).status);
      expect(youngStatuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
