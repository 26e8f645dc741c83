import { describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../../shared/domain/shops/analytics.js';
import { useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';

/**
 * Outbound clicks, deal views and the back office's analytics through the API (SQLite here, PostgreSQL with
 * TEST_DATABASE_URL): what counts and what does not, where /go/{id} may send anyone, who sees which figures.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';

describe('outbound clicks and views', () => {
  const {
    h,
    admin,
    members: [poster, other],
    moderators: [mod],
  } = useHarness({ members: 2, moderators: 1, env: { AMAZON_TAG: 'quidsin-21' } });

  const go = (id: number | string, opts: { ua?: string; ip?: string; method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {}) =>
    h.request({
      method: opts.method ?? 'GET',
      url: `/go/${id}`,
      remoteAddress: opts.ip ?? '203.0.113.7',
      headers: { 'user-agent': opts.ua ?? BROWSER, ...(opts.headers ?? {}) },
    });
  const view = (id: number | string, opts: { ua?: string; ip?: string; headers?: Record<string, string> } = {}) =>
    h.request({
      method: 'POST',
      url: `/api/deals/${id}/view`,
      remoteAddress: opts.ip ?? '203.0.113.7',
      headers: { 'user-agent': opts.ua ?? BROWSER, ...(opts.headers ?? {}) },
    });
  /** The counts written so far for a deal, after a flush. */
  const figures = async (id: number) => {
    await h.app.analytics.flush();
    const row = await h.db.kysely
      .selectFrom('deal_daily_stats')
      .select((eb) => [eb.fn.sum<number>('clicks').as('clicks'), eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('tagged_clicks').as('tagged')])
      .where('deal_id', '=', id)
      .executeTakeFirst();
    return { clicks: Number(row?.clicks ?? 0), views: Number(row?.views ?? 0), tagged: Number(row?.tagged ?? 0) };
  };

  it('redirects to the stored URL, tagged, and counts a visitor once per 30 minutes', async () => {
    const id = await insertDeal(h, { status: 'active', store_id: 42, url: 'https://www.amazon.co.uk/dp/B0TEST', user_id: poster.id });
    const res = await go(id);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://www.amazon.co.uk/dp/B0TEST?tag=quidsin-21');
    expect(res.headers['cache-control']).toBe('no-store');
    await go(id); // the same visitor again
    await go(id, { ip: '198.51.100.9' }); // another network
    await go(id, { ua: OTHER_BROWSER }); // another browser on the same network
    expect(await figures(id)).toEqual({ clicks: 3, views: 0, tagged: 3 });
  });

  it('answers but does not count HEAD, bots, unfurlers and prefetches', async () => {
    const id = await insertDeal(h, { status: 'active' });
    const answers = [
      await go(id, { method: 'HEAD' }),
      await go(id, { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
      await go(id, { ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' }),
      await go(id, { ua: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' }),
      await go(id, { ua: 'WhatsApp/2.23.20.0 A' }),
      await go(id, { ua: 'curl/8.5.0' }),
      await go(id, { ua: '' }),
      await go(id, { headers: { purpose: 'prefetch' } }),
      await go(id, { headers: { 'sec-purpose': 'prefetch;prerender' } }),
    ];
    expect(answers.map((r) => r.status)).toEqual(Array(answers.length).fill(302));
    await view(id, { ua: 'Twitterbot/1.0' });
    await view(id, { headers: { 'sec-purpose': 'prefetch' } });
    expect(await figures(id)).toEqual({ clicks: 0, views: 0, tagged: 0 });
    // Untagged shops' links go as they are, and their clicks are not tagged ones.
    await go(id);
    expect(await figures(id)).toEqual({ clicks: 1, views: 0, tagged: 0 });
  });

  it('sends nobody anywhere for hidden, missing or malformed deals: the 404', async () => {
    const hidden = await Promise.all(['pending', 'rejected', 'deleted'].map((status) => insertDeal(h, { status })));
    for (const id of [...hidden, 999_999, 'abc', '12abc', '-1', '0', '99999999999', '2147483648', '1e3', '%20', '1.5']) {
      const res = await go(id);
      expect(res.status, String(id)).toBe(404);
      expect(res.headers.location, String(id)).toBeUndefined();
      expect([400, 404], String(id)).toContain((await view(id)).status);
    }
    // A NUL in the path is refused before any route (plugins/input-text.ts): a 400, and no redirect either.
    const nul = await go('%00');
    expect(nul.status).toBe(400);
    expect(nul.headers.location).toBeUndefined();
    // An expired deal is public: its "Visit shop" link still works.
    const expired = await insertDeal(h, { status: 'expired' });
    expect((await go(expired)).status).toBe(302);
    // A stored URL with spaces or accents goes out percent-encoded (a valid Location header), never a 500.
    const accented = await insertDeal(h, { status: 'active', url: 'https://shop.example/café crème?q=ü' });
    const res = await go(accented);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://shop.example/caf%C3%A9%20cr%C3%A8me?q=%C3%BC');
    // A stored URL that is not http(s) is never a target.
    const odd = await insertDeal(h, { status: 'active', url: 'javascript:alert(1)' });
    expect((await go(odd)).status).toBe(404);
  });

  it('counts deal views once per visitor per 30 minutes', async () => {
    const id = await insertDeal(h, { status: 'active' });
    expect((await view(id)).body).toEqual({ success: true, data: { received: true } });
    await view(id);
    await view(id, { ip: '2001:db8::1' });
    expect(await figures(id)).toEqual({ clicks: 0, views: 2, tagged: 0 });
  });

  it("shows a deal's figures to its poster and the team only, on the deal and in My deals", async () => {
    const id = await insertDeal(h, { status: 'active', user_id: poster.id });
    await go(id);
    await view(id);
    await view(id, { ip: '198.51.100.77' });
    await h.app.analytics.flush();
    for (const token of [poster.token, mod.token, admin.token]) {
      const res = await h.request({ method: 'GET', url: `/api/deals/${id}`, token });
      expect(res.body.data.figures).toEqual({ views: 2, clicks: 1 });
    }
    for (const token of [other.token, undefined]) {
      const res = await h.request({ method: 'GET', url: `/api/deals/${id}`, token });
      expect(res.status).toBe(200);
      expect(res.body.data.figures).toBeUndefined();
    }
    const mine = await h.request({ method: 'GET', url: '/api/user/deals', token: poster.token });
    expect(mine.body.data.find((d: { id: number }) => d.id === id).figures).toEqual({ views: 2, clicks: 1 });
    // Lists others read never carry them.
    const list = await h.request({ method: 'GET', url: '/api/deals?pageSize=100', token: poster.token });
    expect(list.body.data.deals.every((d: { figures?: unknown }) => d.figures === undefined)).toBe(true);
  });
});

describe('the analytics report', () => {
  const {
    h,
    admin,
    members: [alice],
    moderators: [mod],
  } = useHarness({ members: 1, moderators: 1 });
  const today = dayOf(Date.now());

  it('compares the period with the one before, per day, with top lists', async () => {
    const a = await insertDeal(h, { status: 'active', store_id: 42, category_id: 2 });
    const b = await insertDeal(h, { status: 'active', store_id: 43, category_id: 3 });
    await h.db.kysely
      .insertInto('deal_daily_stats')
      .values([
        { deal_id: a, day: today, clicks: 5, views: 50, tagged_clicks: 4 },
        { deal_id: b, day: today, clicks: 2, views: 10, tagged_clicks: 0 },
        { deal_id: a, day: addDays(today, -3), clicks: 3, views: 30, tagged_clicks: 3 },
        // The previous 7 days.
        { deal_id: a, day: addDays(today, -8), clicks: 4, views: 40, tagged_clicks: 0 },
        // Outside both periods.
        { deal_id: b, day: addDays(today, -20), clicks: 100, views: 100, tagged_clicks: 0 },
      ])
      .execute();
    await h.request({ method: 'POST', url: '/api/votes', token: alice.token, payload: { dealId: a, voteType: 1 }, remoteAddress: '192.0.2.1' });

    const res = await h.request({ method: 'GET', url: '/api/admin/analytics?period=7d', token: admin.token });
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.scope).toBe('all');
    expect(r.days).toHaveLength(7);
    expect(r.days.at(-1)).toBe(today);
    const fig = (key: string) => r.figures.find((f: { key: string }) => f.key === key);
    expect(fig('clicks')).toMatchObject({ current: 10, previous: 4, change: 150 });
    expect(fig('clicks').daily.at(-1)).toBe(7);
    expect(fig('clicks').daily.at(-4)).toBe(3);
    expect(fig('views')).toMatchObject({ current: 90, previous: 40 });
    expect(fig('ctr')).toMatchObject({ current: 11.1, previous: 10 });
    expect(fig('votes').current).toBe(1);
    expect(fig('activeMembers').current).toBe(1);
    expect(fig('newMembers').current).toBeGreaterThanOrEqual(2);
    expect(r.topDeals.map((d: { id: number }) => d.id)).toEqual([a, b]);
    expect(r.topDeals[0]).toMatchObject({ clicks: 8, views: 80, ctr: 10 });
    expect(r.topShops.map((s: { id: number }) => s.id)).toEqual([42, 43]);
    expect(r.topCategories[0]).toMatchObject({ id: 2, clicks: 8 });
    expect(r.tagged).toEqual({ clicks: 10, taggedClicks: 7, percent: 70 });

    const todayOnly = (await h.request({ method: 'GET', url: '/api/admin/analytics?period=today', token: admin.token })).body.data;
    expect(todayOnly.days).toEqual([today]);
    expect(todayOnly.figures[0]).toMatchObject({ key: 'clicks', current: 7, previous: 0, change: 100 });
    const ninety = (await h.request({ method: 'GET', url: '/api/admin/analytics?period=90d', token: admin.token })).body.data;
    expect(ninety.days).toHaveLength(90);
    expect(ninety.figures[0].current).toBe(114);

    // Moderators: the deal-level figures and top deals only.
    const m = (await h.request({ method: 'GET', url: '/api/admin/analytics?period=7d', token: mod.token })).body.data;
    expect(m.scope).toBe('deals');
    expect(m.figures.map((f: { key: string }) => f.key)).toEqual(['clicks', 'views', 'ctr']);
    expect(m.topDeals).toHaveLength(2);
    expect(m.topShops).toBeUndefined();
    expect(m.tagged).toBeUndefined();
  });

  it('refuses periods outside the allowed ones, and members', async () => {
    for (const period of ['1d', '30d', '', 'x'.repeat(300)]) {
      const res = await h.request({ method: 'GET', url: `/api/admin/analytics?period=${period}`, token: admin.token });
      expect(res.status, period).toBe(400);
      expect(res.body.error).toContain('period');
    }
    expect((await h.request({ method: 'GET', url: '/api/admin/analytics', token: alice.token })).status).toBe(403);
    expect((await h.request({ method: 'GET', url: '/api/admin/analytics' })).status).toBe(401);
  });

  it('downloads the daily rows as CSV within 400 days', async () => {
    const from = addDays(today, -2);
    const res = await h.request({ method: 'GET', url: `/api/admin/analytics/daily.csv?from=${from}&to=${today}`, token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toBe('day,clicks,views,ctr,newDeals,votes,comments,newMembers,activeMembers');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(new RegExp(`^${today},7,60,11.7,`));
    const modCsv = await h.request({ method: 'GET', url: `/api/admin/analytics/daily.csv?from=${today}&to=${today}`, token: mod.token });
    expect(String(modCsv.body).split('\r\n')[0]).toBe('day,clicks,views,ctr');
    const year = await h.request({ method: 'GET', url: `/api/admin/analytics/daily.csv?from=${addDays(today, -399)}&to=${today}`, token: admin.token });
    expect(year.status).toBe(200);
    for (const q of [
      `from=${addDays(today, -400)}&to=${today}`,
      `from=${today}&to=${from}`,
      'from=2024-02-30&to=2024-03-01',
      'from=yesterday&to=today',
      `to=${today}`,
    ]) {
      const bad = await h.request({ method: 'GET', url: `/api/admin/analytics/daily.csv?${q}`, token: admin.token });
      expect(bad.status, q).toBe(400);
      expect(bad.body.success).toBe(false);
    }
  });

  // Who may read it (the same cast as above).
  const ROUTES = ['/api/admin/analytics?period=28d', `/api/admin/analytics/daily.csv?from=${today}&to=${today}`];

  it.each(ROUTES)('%s: visitor 401, member and unverified 403, moderator and admin 200', async (url) => {
    const unverified = await h.createUser({ verified: false });
    const expected: Array<[string | undefined, number]> = [
      [undefined, 401],
      [alice.token, 403],
      [unverified.token, 403],
      [mod.token, 200],
      [admin.token, 200],
    ];
    for (const [token, status] of expected) {
      const res = await h.request({ method: 'GET', url, token });
      expect(res.status, `${url} ${token ? 'token' : 'visitor'}`).toBe(status);
    }
  });

  it('takes the view beacon from anyone, a stale or unverified token included (it reads none)', async () => {
    const id = await insertDeal(h, { status: 'active' });
    const unverified = await h.createUser({ verified: false });
    for (const token of [undefined, alice.token, unverified.token, 'not-a-token', mod.token, admin.token]) {
      expect((await h.request({ method: 'POST', url: `/api/deals/${id}/view`, token })).status).toBe(200);
    }
  });
});
