import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestUser, useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';

describe('member reports and the report queue', () => {
  const { h, admin, member: owner, moderator } = useHarness({ members: 1, moderators: 1 });
  const members: TestUser[] = [];
  const events: Array<{ dealId: number; events: string[]; origin: string }> = [];

  beforeAll(async () => {
    members.push(...(await h.createUsers(5)));
    h.app.deps.events.afterCommit('*', (c) => void events.push({ dealId: c.dealId, events: c.events, origin: c.origin }));
  });

  const report = (dealId: number | string, body: unknown, token?: string) =>
    h.request({ method: 'POST', url: `/api/deals/${dealId}/reports`, token, payload: body as object });
  const deal = (values = {}) => insertDeal(h, { user_id: owner.id, ...values });
  const row = (id: number) => h.db.kysely.selectFrom('deals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const reportsOf = (id: number) => h.db.kysely.selectFrom('deal_reports').selectAll().where('deal_id', '=', id).orderBy('id').execute();
  const logOf = (id: number) =>
    h.db.kysely.selectFrom('moderation_log').selectAll().where('entity_type', '=', 'deal').where('entity_id', '=', id).orderBy('id').execute();
  const resolve = (dealId: number, body: unknown, token = admin.token) =>
    h.request({ method: 'POST', url: `/api/admin/reports/${dealId}/resolve`, token, payload: body as object });

  it('takes a report from a verified member and answers its id (201)', async () => {
    const id = await deal();
    const res = await report(id, { reason: 'spam', note: '  Affiliate spam  ' }, members[0].token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, data: { id: expect.any(Number), dealExpired: false } });
    const [stored] = await reportsOf(id);
    expect(stored).toMatchObject({ id: res.body.data.id, user_id: members[0].id, reason: 'spam', note: 'Affiliate spam', resolved_at: null });
  });

  it('refuses visitors, unverified accounts, owners, a second open report and closed deals with clear messages', async () => {
    const id = await deal();
    expect(await report(id, { reason: 'spam' })).toMatchObject({ status: 401, body: { success: false, error: 'Please log in to report a deal' } });
    // A visitor is told to log in before the body is even looked at.
    expect(await report(id, { reason: 'nonsense' })).toMatchObject({ status: 401, body: { error: 'Please log in to report a deal' } });
    const unverified = await h.createUser({ verified: false });
    expect((await report(id, { reason: 'spam' }, unverified.token)).status).toBe(403);
    expect(await report(id, { reason: 'spam' }, owner.token)).toMatchObject({ status: 403, body: { error: 'You cannot report your own deal' } });
    expect((await report(id, { reason: 'duplicate' }, members[1].token)).status).toBe(201);
    expect(await report(id, { reason: 'spam' }, members[1].token)).toMatchObject({ status: 409, body: { error: 'You have already reported this deal' } });
    expect(await report(99999, { reason: 'spam' }, members[1].token)).toMatchObject({ status: 404, body: { error: 'Deal not found' } });
    for (const status of ['pending', 'rejected', 'deleted']) {
      expect((await report(await deal({ status }), { reason: 'spam' }, members[1].token)).status).toBe(404);
    }
    expect(await report(await deal({ status: 'expired' }), { reason: 'spam' }, members[1].token)).toMatchObject({
      status: 403,
      body: { error: 'You can only report active deals' },
    });
    const lapsed = await deal({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await report(lapsed, { reason: 'expired' }, members[1].token)).status).toBe(403);
    expect(await reportsOf(lapsed)).toHaveLength(0);
  });

  it('checks the reason and the note: one of five reasons, a note of at most 500 characters, required for "other"', async () => {
    const id = await deal();
    const t = members[2].token;
    expect(await report(id, { reason: 'boring' }, t)).toMatchObject({
      status: 400,
      body: { field: 'reason', error: 'Please choose a reason: expired, spam, duplicate, wrong-price or other' },
    });
    expect(await report(id, {}, t)).toMatchObject({ status: 400, body: { field: 'reason' } });
    expect(await report(id, { reason: 'other' }, t)).toMatchObject({
      status: 400,
      body: { field: 'note', error: 'Please tell us what is wrong with this deal' },
    });
    expect(await report(id, { reason: 'other', note: '   ' }, t)).toMatchObject({ status: 400, body: { field: 'note' } });
    expect(await report(id, { reason: 'spam', note: 'x'.repeat(501) }, t)).toMatchObject({
      status: 400,
      body: { field: 'note', error: 'Note must be at most 500 characters' },
    });
    expect(await report(id, { reason: 'spam', note: 42 }, t)).toMatchObject({ status: 400, body: { field: 'note' } });
    expect((await report('abc', { reason: 'spam' }, t)).status).toBe(400);
    expect(await reportsOf(id)).toHaveLength(0);
    expect((await report(id, { reason: 'other', note: 'x'.repeat(500) }, t)).status).toBe(201);
    expect((await report(await deal(), { reason: 'wrong-price' }, t)).status).toBe(201);
  });

  it('expires a deal when 3 distinct members report it expired: through the lifecycle, logged as the community', async () => {
    const id = await deal();
    events.length = 0;
    expect((await report(id, { reason: 'expired' }, members[0].token)).body.data.dealExpired).toBe(false);
    expect((await report(id, { reason: 'spam' }, members[3].token)).status).toBe(201);
    expect((await report(id, { reason: 'expired' }, members[1].token)).body.data.dealExpired).toBe(false);
    expect((await row(id)).status).toBe('active');
    const third = await report(id, { reason: 'expired', note: 'Sold out everywhere' }, members[2].token);
    expect(third).toMatchObject({ status: 201, body: { data: { dealExpired: true } } });
    expect((await row(id)).status).toBe('expired');
    expect(events).toContainEqual({ dealId: id, events: expect.arrayContaining(['deal.updated', 'deal.expired']), origin: 'reports' });
    const [entry] = await logOf(id);
    expect(entry).toMatchObject({ action: 'expire', actor_id: null, reason: 'Expired after member reports', origin: 'reports' });
    // The "expired" reports are answered by the expiry; the spam report stays open for the team (an expired deal is public).
    const reports = await reportsOf(id);
    expect(reports.filter((r) => r.reason === 'expired').map((r) => [r.resolution, r.resolved_by])).toEqual([
      ['expire', null],
      ['expire', null],
      ['expire', null],
    ]);
    expect(reports.find((r) => r.reason === 'spam')).toMatchObject({ resolved_at: null });
    // The public sees it expired at once.
    expect((await h.request({ method: 'GET', url: `/api/deals/${id}` })).body.data).toMatchObject({ status: 'expired', isExpired: true });
  });

  it('does not expire a deal on 3 expired reports from 2 members, nor on 3 spam reports', async () => {
    const twoMembers = await deal();
    await report(twoMembers, { reason: 'expired' }, members[0].token);
    await report(twoMembers, { reason: 'expired' }, members[1].token);
    // The first member's report is dismissed, then they report it again: still two distinct members with open reports.
    expect((await resolve(twoMembers, { action: 'dismiss' })).status).toBe(200);
    await report(twoMembers, { reason: 'expired' }, members[0].token);
    await report(twoMembers, { reason: 'expired' }, members[1].token);
    expect((await report(twoMembers, { reason: 'expired' }, members[0].token)).status).toBe(409);
    expect((await row(twoMembers)).status).toBe('active');

    const spam = await deal();
    for (const m of members.slice(0, 3)) expect((await report(spam, { reason: 'spam' }, m.token)).body.data.dealExpired).toBe(false);
    expect((await row(spam)).status).toBe('active');
    expect(await logOf(spam)).toHaveLength(0);
  });

  it('follows REPORTS_TO_EXPIRE', async () => {
    const h2 = await createHarness({ REPORTS_TO_EXPIRE: '2' });
    try {
      const [a, b, c] = [await h2.createUser(), await h2.createUser(), await h2.createUser()];
      const id = await insertDeal(h2, { user_id: c.id });
      await h2.request({ method: 'POST', url: `/api/deals/${id}/reports`, token: a.token, payload: { reason: 'expired' } });
      const second = await h2.request({ method: 'POST', url: `/api/deals/${id}/reports`, token: b.token, payload: { reason: 'expired' } });
      expect(second.body.data.dealExpired).toBe(true);
    } finally {
      await h2.close();
    }
  });

  it('lists open reports grouped by deal, newest activity first, with counts per reason, notes and reporters', async () => {
    const h2 = await createHarness();
    try {
      const owner2 = await h2.createUser();
      const [a, b, c] = [await h2.createUser(), await h2.createUser(), await h2.createUser()];
      const older = await insertDeal(h2, { user_id: owner2.id, title: 'Older reported deal' });
      const newer = await insertDeal(h2, { user_id: owner2.id, title: 'Newer reported deal', temperature: 7 });
      const send = (id: number, token: string, payload: object) => h2.request({ method: 'POST', url: `/api/deals/${id}/reports`, token, payload });
      await send(newer, a.token, { reason: 'spam', note: 'Looks like spam' });
      await send(older, a.token, { reason: 'wrong-price' });
      await send(newer, b.token, { reason: 'spam' });
      await send(older, c.token, { reason: 'other', note: 'Price is per month' });
      const token = await h2.adminToken();
      const res = await h2.request({ method: 'GET', url: '/api/admin/reports', token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'open', totalCount: 2, page: 1, limit: 20, totalPages: 1 });
      const [first, second] = res.body.data.items;
      expect(first).toMatchObject({
        deal: { id: older, title: 'Older reported deal', status: 'active', temperature: 0, link: `/dealDetail/${older}` },
        reportCount: 2,
        reasons: { expired: 0, spam: 0, duplicate: 0, 'wrong-price': 1, other: 1 },
        resolution: null,
      });
      expect(first.reports).toEqual([
        { id: expect.any(Number), reason: 'other', note: 'Price is per month', reporter: { id: c.id, username: c.username }, createdAt: expect.any(String) },
        { id: expect.any(Number), reason: 'wrong-price', note: null, reporter: { id: a.id, username: a.username }, createdAt: expect.any(String) },
      ]);
      expect(first.lastReportedAt >= first.firstReportedAt).toBe(true);
      expect(second).toMatchObject({ deal: { id: newer, temperature: 7 }, reportCount: 2, reasons: { spam: 2 } });
      expect(JSON.stringify(res.body)).not.toMatch(/email|network/i);

      const paged = await h2.request({ method: 'GET', url: '/api/admin/reports?status=open&page=2&limit=1', token });
      expect(paged.body.data).toMatchObject({ totalCount: 2, totalPages: 2, items: [{ deal: { id: newer } }] });
      expect(await h2.request({ method: 'GET', url: '/api/admin/reports/count', token })).toMatchObject({
        status: 200,
        body: { data: { openDeals: 2, openReports: 4 } },
      });
      expect(await h2.request({ method: 'GET', url: '/api/admin/reports?status=closed', token })).toMatchObject({
        status: 400,
        body: { error: 'status must be open or resolved' },
      });
      expect((await h2.request({ method: 'GET', url: '/api/admin/reports?limit=101', token })).status).toBe(400);

      // Resolved: one item per resolution, the latest first, with who resolved it and how.
      const mod = await h2.createUser({ role: 'moderator' });
      expect((await h2.request({ method: 'POST', url: `/api/admin/reports/${newer}/resolve`, token: mod.token, payload: { action: 'dismiss' } })).status).toBe(
        200,
      );
      const resolved = await h2.request({ method: 'GET', url: '/api/admin/reports?status=resolved', token: mod.token });
      expect(resolved.body.data).toMatchObject({ status: 'resolved', totalCount: 1 });
      expect(resolved.body.data.items[0]).toMatchObject({
        deal: { id: newer },
        reportCount: 2,
        resolution: { action: 'dismiss', resolvedAt: expect.any(String), resolvedBy: { id: mod.id, username: mod.username } },
      });
      expect((await h2.request({ method: 'GET', url: '/api/admin/reports', token })).body.data.totalCount).toBe(1);
      expect((await h2.request({ method: 'GET', url: '/api/admin/reports/count', token })).body.data).toEqual({ openDeals: 1, openReports: 2 });
    } finally {
      await h2.close();
    }
  });

  it('resolves with dismiss: the deal stays, every open report is closed and the reason is logged', async () => {
    const id = await deal();
    await report(id, { reason: 'spam' }, members[0].token);
    await report(id, { reason: 'duplicate' }, members[1].token);
    const res = await resolve(id, { action: 'dismiss', reason: 'Not spam, a genuine deal' }, moderator.token);
    expect(res).toMatchObject({ status: 200, body: { data: { dealId: id, action: 'dismiss', resolvedReports: 2, dealStatus: 'active' } } });
    expect((await reportsOf(id)).map((r) => [r.resolution, r.resolved_by, !!r.resolved_at])).toEqual([
      ['dismiss', moderator.id, true],
      ['dismiss', moderator.id, true],
    ]);
    expect(await logOf(id)).toMatchObject([{ action: 'report-resolve', actor_id: moderator.id, actor_role: 'moderator', reason: 'Not spam, a genuine deal' }]);
    expect(JSON.parse((await logOf(id))[0].after_json!)).toEqual({ resolution: 'dismiss', reports: 2 });
    expect((await row(id)).status).toBe('active');
    // Nothing left to resolve: a second moderator clicking the stale queue is told so.
    expect(await resolve(id, { action: 'dismiss' })).toMatchObject({ status: 409, body: { error: 'This deal has no open reports' } });
    // The member may report again once their report is resolved.
    expect((await report(id, { reason: 'spam' }, members[0].token)).status).toBe(201);
  });

  it('resolves with expire and delete through the lifecycle: backup, events, log entries with the reason', async () => {
    const id = await deal();
    await report(id, { reason: 'wrong-price' }, members[0].token);
    events.length = 0;
    const res = await resolve(id, { action: 'expire', reason: 'Price went up' }, moderator.token);
    expect(res.body.data).toEqual({ dealId: id, action: 'expire', resolvedReports: 1, dealStatus: 'expired' });
    expect(events).toEqual([{ dealId: id, events: expect.arrayContaining(['deal.expired']), origin: 'admin' }]);
    expect((await logOf(id)).map((l) => [l.action, l.reason, l.actor_id])).toEqual([
      ['report-resolve', 'Price went up', moderator.id],
      ['expire', 'Price went up', moderator.id],
    ]);
    expect(await h.db.kysely.selectFrom('deal_backups').select('reason').where('deal_id', '=', id).execute()).toEqual([{ reason: 'report-resolve' }]);

    const spam = await deal();
    await report(spam, { reason: 'spam' }, members[0].token);
    await report(spam, { reason: 'spam' }, members[1].token);
    const deleted = await resolve(spam, { action: 'delete', reason: 'Spam' });
    expect(deleted.body.data).toMatchObject({ action: 'delete', resolvedReports: 2, dealStatus: 'deleted' });
    expect((await row(spam)).status).toBe('deleted');
    expect((await h.request({ method: 'GET', url: `/api/deals/${spam}` })).status).toBe(404);
    expect((await logOf(spam)).map((l) => [l.action, l.reason, l.actor_role])).toEqual([
      ['report-resolve', 'Spam', 'admin'],
      ['delete', 'Spam', 'admin'],
    ]);
    // Expiring a deal that is already expired just closes its reports.
    const expired = await deal();
    await report(expired, { reason: 'spam' }, members[0].token);
    await h.db.kysely.updateTable('deals').set({ status: 'expired' }).where('id', '=', expired).execute();
    expect((await resolve(expired, { action: 'expire' })).body.data).toMatchObject({ resolvedReports: 1, dealStatus: 'expired' });
  });

  it('refuses bad resolutions with the field message and changes nothing', async () => {
    const id = await deal();
    await report(id, { reason: 'spam' }, members[0].token);
    expect(await resolve(id, { action: 'ban' })).toMatchObject({ status: 400, body: { field: 'action', error: 'action must be dismiss, expire or delete' } });
    expect(await resolve(id, { action: 'dismiss', reason: 'x'.repeat(501) })).toMatchObject({ status: 400, body: { field: 'reason' } });
    expect((await h.request({ method: 'POST', url: '/api/admin/reports/abc/resolve', token: admin.token, payload: { action: 'dismiss' } })).status).toBe(400);
    expect(await resolve(99999, { action: 'dismiss' })).toMatchObject({ status: 404, body: { error: 'Deal not found' } });
    expect(await resolve(99999, { action: 'expire' })).toMatchObject({ status: 404 });
    const clean = await deal();
    expect((await resolve(clean, { action: 'delete' })).status).toBe(409);
    expect((await row(clean)).status).toBe('active');
    expect((await reportsOf(id))[0].resolved_at).toBeNull();
  });

  it('closes open reports when the deal leaves the feed another way (admin edit, owner delete)', async () => {
    const id = await deal();
    await report(id, { reason: 'spam' }, members[0].token);
    await report(id, { reason: 'expired' }, members[1].token);
    const edit = await h.request({ method: 'GET', url: `/api/admin/deals/${id}`, token: admin.token });
    expect(edit.status).toBe(200);
    const d = edit.body.data;
    const put = await h.request({
      method: 'PUT',
      url: `/api/admin/deals/${id}`,
      token: admin.token,
      payload: {
        title: d.title,
        price: d.price ?? 10,
        originalPrice: d.originalPrice ?? null,
        url: d.url,
        status: 'deleted',
        storeId: d.store.id,
        categoryId: d.category.id,
        imageUrl: 'https://example.com/a.png',
      },
    });
    expect(put.status).toBe(200);
    expect((await reportsOf(id)).map((r) => [r.resolution, r.resolved_by])).toEqual([
      ['delete', 1],
      ['delete', 1],
    ]);
    // A deal removed for good takes its reports with it; the queue never shows a deal that is gone.
    const gone = await deal();
    await report(gone, { reason: 'spam' }, members[0].token);
    expect((await h.request({ method: 'DELETE', url: `/api/deals/${gone}`, token: owner.token })).status).toBe(200);
    expect(await reportsOf(gone)).toHaveLength(0);
  });
});
