import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('member pages: GET /members/{username}', () => {
  const {
    h,
    members: [poster, viewer],
  } = useHarness({ members: [{ username: 'Bargain_Bea' }, {}] });
  const live: number[] = [];
  let expired: number;
  beforeAll(async () => {
    await h.db.kysely.updateTable('users').set({ bio: 'Deals from Leeds', avatar: '/uploads/avatars/bea.webp' }).where('id', '=', poster.id).execute();
    // 22 live deals, published an hour apart: the page shows the 20 newest.
    for (let i = 0; i < 22; i++) live.push(await insertDeal(h, { user_id: poster.id, published_at: ago((i + 1) * HOUR) }));
    expired = await insertDeal(h, { user_id: poster.id, status: 'expired', published_at: ago(10 * 60_000) });
    await insertDeal(h, { user_id: poster.id, expires_at: ago(HOUR), published_at: ago(5 * 60_000) }); // lapsed: public, not live
    for (const status of ['pending', 'rejected', 'deleted']) await insertDeal(h, { user_id: poster.id, status, published_at: ago(60_000) });
    await insertDeal(h, { user_id: viewer.id });
  });

  const get = (name: string, token?: string) => h.request({ method: 'GET', url: `/api/members/${encodeURIComponent(name)}`, token });

  it('shows the member, their counts and their 20 newest live deals, never the email', async () => {
    for (const dealId of [live[0], live[1]])
      await h.request({ method: 'POST', url: '/api/comments', token: poster.token, payload: { dealId, text: 'Still on' } });
    // Said while the deal was live: an expired deal is still public.
    await h.db.kysely
      .insertInto('comments')
      .values({ deal_id: expired, user_id: poster.id, text: 'Worked for me', created_at: ago(HOUR) })
      .execute();
    // A comment on a deal that is later hidden is not counted.
    const hidden = await insertDeal(h);
    await h.request({ method: 'POST', url: '/api/comments', token: poster.token, payload: { dealId: hidden, text: 'Gone soon' } });
    await h.db.kysely.updateTable('deals').set({ status: 'deleted' }).where('id', '=', hidden).execute();

    const res = await get('Bargain_Bea');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      id: poster.id,
      username: 'Bargain_Bea',
      avatar: '/uploads/avatars/bea.webp',
      role: 'user',
      bio: 'Deals from Leeds',
      counts: { dealsPosted: 24, activeDeals: 22, comments: 3 },
    });
    expect(Date.parse(data.memberSince)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.deals.map((d: { id: number }) => d.id)).toEqual(live.slice(0, 20));
    expect(data.deals[0]).toMatchObject({ userUsername: 'Bargain_Bea', isExpired: false, store: { id: 1 } });
    expect(data.deals[0]).not.toHaveProperty('userVote');
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(poster.email);
    expect(text).not.toMatch(/"email"|password|token_version|emailVerified/);
  });

  it('looks names up case-insensitively', async () => {
    expect((await get('bargain_bea')).body.data.username).toBe('Bargain_Bea');
    expect((await get('BARGAIN_BEA')).body.data.id).toBe(poster.id);
  });

  it("carries the signed-in viewer's vote and save on the deals", async () => {
    await h.request({ method: 'POST', url: '/api/votes', token: viewer.token, payload: { dealId: live[0], voteType: 1 } });
    await h.request({ method: 'POST', url: `/api/deals/${live[1]}/save`, token: viewer.token });
    const deals = (await get('bargain_bea', viewer.token)).body.data.deals;
    expect(deals[0]).toMatchObject({ id: live[0], userVote: 1, isSaved: false });
    expect(deals[1]).toMatchObject({ id: live[1], isSaved: true });
  });

  it('is 404 "Member not found" for unknown, overlong, odd and unverified names', async () => {
    const notFound = { status: 404, body: { success: false, error: 'Member not found' } };
    expect(await get('nobody_here')).toMatchObject(notFound);
    expect(await get('x'.repeat(150))).toMatchObject(notFound);
    expect(await get("'; DROP TABLE users; --")).toMatchObject(notFound);
    expect(await get(' ')).toMatchObject(notFound);
    const unverified = await h.createUser({ verified: false });
    expect(await get(unverified.username)).toMatchObject(notFound);
  });

  it('shows staff roles and a member with nothing posted', async () => {
    const mod = await h.createUser({ role: 'moderator' });
    expect((await get(mod.username)).body.data).toMatchObject({ role: 'moderator', counts: { dealsPosted: 0, activeDeals: 0, comments: 0 }, deals: [] });
    expect((await get('admin')).body.data).toMatchObject({ id: 1, role: 'admin' });
  });
});
