import { describe, expect, it } from 'vitest';
import { hotScore } from '../../../shared/domain/deals/temperature.js';
import { createHarness, useHarness } from '../../test/harness.js';
import { backdateAccounts } from '../../test/data/accounts.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { logEntry } from '../../test/data/moderation-log.js';
import { promoteMaturedVotes } from './promotion.js';

const HOUR = 3_600_000;

/** Votes that can be trusted (docs/notes/trust.md): network limit, half weight for new accounts and its promotion, voiding. */
describe('votes that can be trusted', () => {
  const { h, admin, member: owner, moderator } = useHarness({ members: 1, moderators: 1 });

  /** A member whose account was created `hoursAgo` hours ago. */
  const member = async (hoursAgo = 24 * 30) => {
    const u = await h.createUser();
    await backdateAccounts(h, [u.id], hoursAgo);
    return u;
  };
  const vote = (dealId: number, voteType: 1 | -1, token: string, remoteAddress?: string) =>
    h.request({ method: 'POST', url: '/api/votes', token, payload: { dealId, voteType }, ...(remoteAddress ? { remoteAddress } : {}) });
  const deal = (values = {}) => insertDeal(h, { user_id: owner.id, ...values });
  const row = (id: number) => h.db.kysely.selectFrom('deals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const votesOf = (id: number) => h.db.kysely.selectFrom('votes').selectAll().where('deal_id', '=', id).orderBy('id').execute();

  it('lets verified members only vote, and records the account age and a network hash, never the address', async () => {
    const id = await deal();
    const unverified = await h.createUser({ verified: false });
    expect((await vote(id, 1, unverified.token, '203.0.113.10')).status).toBe(403);
    expect(await votesOf(id)).toHaveLength(0);

    const m = await member(50);
    expect((await vote(id, 1, m.token, '203.0.113.10')).status).toBe(200);
    const [v] = await votesOf(id);
    expect(v.account_age_hours).toBe(50);
    expect(v.network_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(v.half_weight_until).toBeNull();
    expect(JSON.stringify(v)).not.toContain('203.0.113');
    // The same /24 hashes alike; a loopback client (a proxy without TRUST_PROXY) is an unknown network.
    const n = await member();
    await vote(id, -1, n.token, '203.0.113.99');
    const l = await member();
    await vote(id, 1, l.token);
    const [, second, third] = await votesOf(id);
    expect(second.network_hash).toBe(v.network_hash);
    expect(third.network_hash).toBeNull();
  });

  it('takes at most 3 votes on one deal from one network within 24 h', async () => {
    const id = await deal();
    const voters = await Promise.all([1, 2, 3, 4, 5].map(() => member()));
    for (const [i, m] of voters.slice(0, 3).entries()) expect((await vote(id, 1, m.token, `198.51.100.${i + 1}`)).status).toBe(200);
    const fourth = await vote(id, 1, voters[3].token, '198.51.100.200');
    expect(fourth).toMatchObject({ status: 429, body: { success: false, error: 'Too many votes on this deal from your network' } });
    // A member of that network who voted already hears that, not the network's limit.
    expect(await vote(id, 1, voters[0].token, '198.51.100.1')).toMatchObject({ status: 409, body: { error: 'You have already voted on this deal' } });
    // IPv4-mapped IPv6 is the same network.
    expect((await vote(id, 1, voters[3].token, '::ffff:198.51.100.7')).status).toBe(429);
    // Another network, or another deal, is fine.
    expect((await vote(id, 1, voters[3].token, '198.51.101.1')).status).toBe(200);
    expect((await vote(await deal(), 1, voters[4].token, '198.51.100.9')).status).toBe(200);
    expect((await row(id)).upvotes).toBe(4);
    // A vote of that network older than 24 h no longer counts.
    const [firstVote] = await votesOf(id);
    await h.db.kysely
      .updateTable('votes')
      .set({ created_at: new Date(Date.now() - 25 * HOUR).toISOString() })
      .where('id', '=', firstVote.id)
      .execute();
    expect((await vote(id, 1, voters[4].token, '198.51.100.50')).status).toBe(200);
  });

  it('groups IPv6 voters by /48', async () => {
    const id = await deal();
    const voters = await Promise.all([1, 2, 3, 4, 5].map(() => member()));
    for (const [i, m] of voters.slice(0, 3).entries()) expect((await vote(id, 1, m.token, `2001:db8:aa:${i}::${i + 1}`)).status).toBe(200);
    expect((await vote(id, 1, voters[3].token, '2001:db8:aa:ffff::1')).status).toBe(429);
    expect((await vote(id, 1, voters[4].token, '2001:db8:ab::1')).status).toBe(200);
  });

  it('follows VOTES_PER_NETWORK (0 turns the limit off)', async () => {
    for (const [limit, statuses] of [
      ['1', [200, 429]],
      ['0', [200, 200]],
    ] as const) {
      const h2 = await createHarness({ VOTES_PER_NETWORK: limit });
      try {
        const id = await insertDeal(h2, {});
        const out: number[] = [];
        for (let i = 0; i < 2; i++) {
          const u = await h2.createUser();
          out.push(
            (await h2.request({ method: 'POST', url: '/api/votes', token: u.token, payload: { dealId: id, voteType: 1 }, remoteAddress: '192.0.2.1' })).status,
          );
        }
        expect(out).toEqual(statuses);
      } finally {
        await h2.close();
      }
    }
  });

  it('counts votes of accounts younger than 24 h half until they are a day old, then whole', async () => {
    const published = new Date(Date.now() - 2 * HOUR).toISOString();
    const id = await deal({ published_at: published });
    const young = await Promise.all([1, 2, 3].map(() => member(2)));
    const old = await member();

    const first = await vote(id, 1, young[0].token, '192.0.2.1');
    expect(first.body.data).toEqual({ totalVotes: 1, voteType: 1, upvotes: 1, downvotes: 0, weight: 0.5 }); // 0.5 shown as 1
    await vote(id, 1, young[1].token, '192.0.3.2');
    expect(await row(id)).toMatchObject({ upvotes: 2, temperature: 1, half_vote_balance: 2 }); // 1
    await vote(id, 1, young[2].token, '192.0.4.1');
    expect(await row(id)).toMatchObject({ upvotes: 3, temperature: 2, half_vote_balance: 3 }); // 1.5
    const whole = await vote(id, -1, old.token, '192.0.5.1');
    expect(whole.body.data).toMatchObject({ totalVotes: 1, weight: 1 }); // 0.5
    const [v] = await votesOf(id);
    expect(v.account_age_hours).toBe(2);
    expect(Date.parse(v.half_weight_until!)).toBeGreaterThan(Date.now() + 21 * HOUR);
    expect((await row(id)).hot_score).toBeCloseTo(hotScore(1, Date.parse(published)), 6);
    // The public sees the rounded temperature.
    expect((await h.request({ method: 'GET', url: `/api/deals/${id}` })).body.data).toMatchObject({ temperature: 1, totalVotes: 1, upvotes: 3, downvotes: 1 });

    // Nothing is promoted before its time...
    expect(await promoteMaturedVotes(h.app.deps)).toBe(0);
    // ...and 22 hours later, the three young votes count whole: temperature = upvotes - downvotes, hot score with it.
    expect(await promoteMaturedVotes(h.app.deps, Date.now() + 23 * HOUR)).toBe(3);
    const promoted = await row(id);
    expect(promoted).toMatchObject({ upvotes: 3, downvotes: 1, temperature: 2, half_vote_balance: 0 });
    expect(promoted.hot_score).toBeCloseTo(hotScore(2, Date.parse(published)), 6);
    expect((await votesOf(id)).every((x) => x.half_weight_until === null)).toBe(true);
    expect(await promoteMaturedVotes(h.app.deps, Date.now() + 48 * HOUR)).toBe(0);
  });

  it('promotes a young downvote too, deal by deal', async () => {
    const a = await deal();
    const b = await deal();
    const young = await member(23);
    await vote(a, -1, young.token, '192.0.6.1');
    await vote(b, 1, young.token, '192.0.6.1');
    expect(await row(a)).toMatchObject({ temperature: -1, half_vote_balance: -1 });
    expect(await promoteMaturedVotes(h.app.deps, Date.now() + 2 * HOUR)).toBeGreaterThanOrEqual(2);
    expect(await row(a)).toMatchObject({ downvotes: 1, temperature: -1, half_vote_balance: 0 });
    expect(await row(b)).toMatchObject({ upvotes: 1, temperature: 1, half_vote_balance: 0 });
  });

  it("shows the team a deal's votes with account age, weight and network clusters, never the hash", async () => {
    const id = await deal();
    const ring = await Promise.all([1, 2, 3].map(() => member(3)));
    const other = await member();
    for (const m of ring) await vote(id, 1, m.token, '203.0.113.20');
    await vote(id, -1, other.token, '192.0.2.77');
    const res = await h.request({ method: 'GET', url: `/api/admin/deals/${id}/votes`, token: moderator.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ dealId: id, upvotes: 3, downvotes: 1, temperature: 1, totalCount: 4, page: 1, limit: 100, totalPages: 1 });
    const [newest, ...rest] = res.body.data.votes;
    expect(newest).toEqual({
      id: expect.any(Number),
      voter: { id: other.id, username: other.username },
      direction: 'down',
      accountAgeHours: 720,
      weight: 1,
      networkClusterSize: 1,
      networkGroup: null,
      createdAt: expect.any(String),
    });
    expect(rest.map((v: any) => [v.voter.id, v.direction, v.accountAgeHours, v.weight, v.networkClusterSize, v.networkGroup])).toEqual(
      [...ring].reverse().map((m) => [m.id, 'up', 3, 0.5, 3, 1]),
    );
    const text = JSON.stringify(res.body);
    for (const v of await votesOf(id)) if (v.network_hash) expect(text).not.toContain(v.network_hash);
    expect(text).not.toMatch(/203\.0\.113|email/);
    const page2 = await h.request({ method: 'GET', url: `/api/admin/deals/${id}/votes?page=2&limit=3`, token: admin.token });
    expect(page2.body.data).toMatchObject({ totalCount: 4, totalPages: 2 });
    expect(page2.body.data.votes.map((v: any) => v.voter.id)).toEqual([ring[0].id]);
    expect(await h.request({ method: 'GET', url: '/api/admin/deals/99999/votes', token: admin.token })).toMatchObject({
      status: 404,
      body: { error: 'Deal not found' },
    });
    expect((await h.request({ method: 'GET', url: `/api/admin/deals/${id}/votes?limit=501`, token: admin.token })).status).toBe(400);
  });

  it('voids votes: removed, counters, temperature and hot score worked out again in one lifecycle change, logged', async () => {
    const published = new Date(Date.now() - 5 * HOUR).toISOString();
    const id = await deal({ published_at: published });
    const ring = await Promise.all([1, 2, 3].map(() => member(1)));
    const fair = await Promise.all([1, 2].map(() => member()));
    for (const m of ring) await vote(id, 1, m.token, '203.0.113.30');
    await vote(id, 1, fair[0].token, '192.0.2.31');
    await vote(id, -1, fair[1].token, '192.0.2.32');
    expect(await row(id)).toMatchObject({ upvotes: 4, downvotes: 1, half_vote_balance: 3, temperature: 2 }); // 1.5 + 1 - 1 = 1.5
    const other = await deal();
    await vote(other, 1, fair[0].token, '192.0.2.31');
    const otherVote = (await votesOf(other))[0].id;
    const ringVotes = (await votesOf(id)).filter((v) => ring.some((m) => m.id === v.user_id)).map((v) => v.id);

    const seen: string[][] = [];
    const stop = h.app.deps.events.afterCommit('deal.updated', (c) => void (c.dealId === id && seen.push(c.events)));
    const res = await h.request({
      method: 'POST',
      url: `/api/admin/deals/${id}/votes/void`,
      token: moderator.token,
      payload: { voteIds: [...ringVotes, ringVotes[0], otherVote], reason: 'Vote ring from one network' },
    });
    stop();
    expect(res).toMatchObject({ status: 200, body: { data: { dealId: id, voided: 3, upvotes: 1, downvotes: 1, temperature: 0 } } });
    const after = await row(id);
    expect(after).toMatchObject({ upvotes: 1, downvotes: 1, temperature: 0, half_vote_balance: 0 });
    expect(after.hot_score).toBeCloseTo(hotScore(0, Date.parse(published)), 6);
    expect(await votesOf(id)).toHaveLength(2);
    expect(await votesOf(other)).toHaveLength(1); // another deal's vote is never touched
    expect(seen).toEqual([['deal.updated']]);
    const log = await logEntry(h, id, 'votes-void');
    expect(log).toMatchObject({ actor_id: moderator.id, actor_role: 'moderator', reason: 'Vote ring from one network', origin: 'admin' });
    expect(JSON.parse(log.after_json!)).toMatchObject({ upvotes: 1, temperature: 0, votesVoided: 3 });
    expect(await h.db.kysely.selectFrom('deal_backups').select('reason').where('deal_id', '=', id).execute()).toEqual([{ reason: 'votes-void' }]);
    // The voters may vote again: their vote is gone, not hidden.
    expect((await vote(id, 1, ring[0].token, '192.0.2.40')).status).toBe(200);
  });

  it('refuses a void without votes of this deal or with a bad body, changing nothing', async () => {
    const id = await deal();
    const m = await member();
    await vote(id, 1, m.token, '192.0.2.50');
    const before = await row(id);
    const post = (payload: unknown, url = `/api/admin/deals/${id}/votes/void`) =>
      h.request({ method: 'POST', url, token: admin.token, payload: payload as object });
    expect(await post({ voteIds: [99999] })).toMatchObject({ status: 404, body: { error: 'None of these votes belong to this deal' } });
    expect(await post({ voteIds: [] })).toMatchObject({ status: 400, body: { field: 'voteIds', error: 'Choose at least one vote to void' } });
    expect(await post({ voteIds: 'all' })).toMatchObject({ status: 400, body: { field: 'voteIds' } });
    expect(await post({ voteIds: ['x'] })).toMatchObject({ status: 400 });
    expect(await post({ voteIds: Array.from({ length: 501 }, (_, i) => i + 1) })).toMatchObject({
      status: 400,
      body: { error: 'At most 500 votes can be voided at once' },
    });
    expect(await post({ voteIds: [1] }, '/api/admin/deals/99999/votes/void')).toMatchObject({ status: 404, body: { error: 'Deal not found' } });
    expect(await row(id)).toEqual(before);
    expect(await votesOf(id)).toHaveLength(1);
  });
});

describe('limits that fit the role', () => {
  it('holds members to the comment limit (new accounts to half of it) but not moderators or admins', async () => {
    const h = await createHarness({ RATE_LIMIT_FACTOR: '0.4' }); // comments: 10/min -> 4, 2 for a new account
    try {
      const id = await insertDeal(h, {});
      const comment = (token: string) => h.request({ method: 'POST', url: '/api/comments', token, payload: { dealId: id, text: 'Nice one' } });
      const run = async (token: string, n: number) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++) out.push((await comment(token)).status);
        return out;
      };
      const established = await h.createUser();
      await backdateAccounts(h, [established.id], 48);
      const full = await run(established.token, 5);
      expect(full.slice(0, 4).every((s) => s < 300)).toBe(true);
      expect(full[4]).toBe(429);
      const young = await h.createUser();
      const youngRun = await run(young.token, 3);
      expect(youngRun[2]).toBe(429);
      expect(youngRun.slice(0, 2).every((s) => s < 300)).toBe(true);
      const limited = await comment(young.token);
      expect(limited.body).toMatchObject({ success: false, error: expect.stringMatching(/^Too many requests/) });
      const moderator = await h.createUser({ role: 'moderator' });
      expect((await run(moderator.token, 8)).every((s) => s < 300)).toBe(true);
      expect((await run(await h.adminToken(), 8)).every((s) => s < 300)).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('lets an administrator post more deals in an hour than a member may', async () => {
    const h = await createHarness({ RATE_LIMIT_FACTOR: '0.2' }); // deal posts: 10/hour -> 2
    try {
      const post = (token: string) => h.request({ method: 'POST', url: '/api/deals', token, payload: {} });
      const member = await h.createUser();
      await backdateAccounts(h, [member.id], 48);
      const memberStatuses = [];
      for (let i = 0; i < 3; i++) memberStatuses.push((await post(member.token)).status);
      expect(memberStatuses).toEqual([400, 400, 429]);
      const admin = await h.adminToken();
      const adminStatuses = [];
      for (let i = 0; i < 6; i++) adminStatuses.push((await post(admin)).status);
      expect(adminStatuses).toEqual(Array(6).fill(400));
    } finally {
      await h.close();
    }
  });
});
