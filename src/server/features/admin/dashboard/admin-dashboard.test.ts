import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/insert-deal.js';
import { growthPercent, startOfUtcDay } from './dashboard.js';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

describe('growthPercent', () => {
  it('is the percent change from the previous window, one decimal', () => {
    expect(growthPercent(0, 0)).toBe(0);
    expect(growthPercent(3, 0)).toBe(100);
    expect(growthPercent(1, 2)).toBe(-50);
    expect(growthPercent(5, 1)).toBe(400);
    expect(growthPercent(2, 3)).toBe(-33.3);
  });
  it('starts "today" at midnight UTC', () => {
    expect(startOfUtcDay(Date.parse('2024-03-03T14:05:00.000Z'))).toBe('2024-03-03T00:00:00.000Z');
  });
});

describe('GET /admin/dashboard', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => ({ h, admin } = await adminHarness()));
  afterAll(() => h.close());

  it('answers zeros and the two admins on a fresh site', async () => {
    const res = await h.request({ method: 'GET', url: '/api/admin/dashboard', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.stats).toEqual({
      totalUsers: 2,
      totalDeals: 0,
      activeDeals: 0,
      pendingDeals: 0,
      newUsersToday: 2,
      newDealsToday: 0,
      userGrowth: 100,
      dealGrowth: 0,
    });
    expect(res.body.data.recentActivity.map((a: any) => a.action)).toEqual(['joined', 'joined']);
  });

  it('counts users and deals by status, today and week on week', async () => {
    const members = [await h.createUser(), await h.createUser(), await h.createUser()];
    const old = await h.createUser();
    await h.db.kysely
      .updateTable('users')
      .set({ created_at: daysAgo(10) })
      .where('id', '=', old.id)
      .execute();

    await insertDeal(h, { status: 'active', user_id: members[0].id });
    await insertDeal(h, { status: 'active', expires_at: daysAgo(1) }); // past its expiry: counts as expired
    await insertDeal(h, { status: 'pending', user_id: members[1].id });
    await insertDeal(h, { status: 'deleted' });
    await insertDeal(h, { status: 'expired', created_at: daysAgo(9) });
    await insertDeal(h, { status: 'pending', created_at: daysAgo(20) });

    const res = await h.request({ method: 'GET', url: '/api/admin/dashboard', token: admin });
    expect(res.body.data.stats).toEqual({
      totalUsers: 6,
      totalDeals: 5,
      activeDeals: 1,
      pendingDeals: 2,
      newUsersToday: 5,
      newDealsToday: 4,
      userGrowth: 400, // 5 this week against 1 the week before
      dealGrowth: 300, // 4 against 1
    });
  });

  it('lists the last 10 events newest first, moderation actions included, with the user', async () => {
    const member = await h.createUser({ username: 'promoted_one' });
    const role = await h.request({ method: 'PUT', url: `/api/admin/users/${member.id}/role`, token: admin, payload: { role: 'moderator' } });
    expect(role.status).toBe(200);

    const res = await h.request({ method: 'GET', url: '/api/admin/dashboard', token: admin });
    const activity = res.body.data.recentActivity;
    expect(activity).toHaveLength(10);
    const times = activity.map((a: any) => a.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(activity[0]).toMatchObject({
      type: 'user',
      id: member.id,
      title: 'promoted_one',
      action: 'changed the role to moderator of',
      user: { id: 1, username: 'admin' },
    });
    expect(activity.find((a: any) => a.action === 'joined' && a.title === 'promoted_one')).toMatchObject({ user: { id: member.id, username: 'promoted_one' } });
    const posted = activity.filter((a: any) => a.action === 'posted');
    expect(posted.length).toBeGreaterThan(0);
    expect(posted.every((a: any) => a.type === 'deal' && typeof a.user.username === 'string')).toBe(true);
    expect(new Set(activity.map((a: any) => a.key)).size).toBe(10);
  });
});
