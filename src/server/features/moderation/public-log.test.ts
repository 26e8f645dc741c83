import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { expireDeal } from '../deals/index.js';

/** GET /moderation-log: what the team did and why, without anything private. */
describe('the public moderation log', () => {
  const { h, admin } = useHarness();
  let moderator: TestUser;
  let owner: TestUser;
  const members: TestUser[] = [];
  const ids: Record<string, number> = {};
  let hashes: string[] = [];

  beforeAll(async () => {
    moderator = await h.createUser({ role: 'moderator', username: 'ModMolly' });
    owner = await h.createUser();
    members.push(...(await h.createUsers(3)));
    const report = (id: number, m: TestUser, payload: object) => h.request({ method: 'POST', url: `/api/deals/${id}/reports`, token: m.token, payload });
    const ok = (res: { status: number; body: unknown }, status = 200) => expect(res.status, JSON.stringify(res.body)).toBe(status);

    // 1. Expired by the community (3 member reports), with a private note.
    ids.community = await insertDeal(h, { user_id: owner.id, title: 'Community expired kettle' });
    for (const m of members) ok(await report(ids.community, m, { reason: 'expired', note: 'PRIVATE-NOTE-sold-out' }), 201);
    // 2. Expired by a job: "system".
    ids.system = await insertDeal(h, { user_id: owner.id, title: 'System expired toaster' });
    await expireDeal(h.app.deps, ids.system, null, 'sweep', 'Past its end date');
    // 3. A moderator dismisses reports with a reason.
    ids.dismissed = await insertDeal(h, { user_id: owner.id, title: 'Genuine air fryer' });
    ok(await report(ids.dismissed, members[0], { reason: 'spam', note: 'PRIVATE-NOTE-spam' }), 201);
    ok(
      await h.request({
        method: 'POST',
        url: `/api/admin/reports/${ids.dismissed}/resolve`,
        token: moderator.token,
        payload: { action: 'dismiss', reason: 'Checked: a real deal' },
      }),
    );
    // 4. A moderator voids votes (network hashes stored).
    ids.voided = await insertDeal(h, { user_id: owner.id, title: 'Ring voted headphones' });
    for (const m of members)
      ok(await h.request({ method: 'POST', url: '/api/votes', token: m.token, payload: { dealId: ids.voided, voteType: 1 }, remoteAddress: '203.0.113.44' }));
    const votes = await h.db.kysely.selectFrom('votes').select(['id', 'network_hash']).where('deal_id', '=', ids.voided).execute();
    hashes = votes.map((v) => v.network_hash!).filter(Boolean);
    expect(hashes.length).toBe(3);
    ok(
      await h.request({
        method: 'POST',
        url: `/api/admin/deals/${ids.voided}/votes/void`,
        token: moderator.token,
        payload: { voteIds: votes.map((v) => v.id), reason: 'Votes from one network' },
      }),
    );
    // 5. A moderator removes a comment.
    const comment = await h.request({
      method: 'POST',
      url: '/api/comments',
      token: members[0].token,
      payload: { dealId: ids.voided, text: 'SECRET-COMMENT-TEXT' },
    });
    ok(comment, 201);
    ok(await h.request({ method: 'DELETE', url: `/api/comments/${comment.body.data.id}`, token: moderator.token }));
    // 6. An admin deletes a reported deal (soft): its title leaves the public log, earlier entries included.
    ids.deleted = await insertDeal(h, { user_id: owner.id, title: 'Spammy crypto course' });
    ok(await h.request({ method: 'POST', url: `/api/admin/deals/${ids.deleted}/votes/void`, token: admin.token, payload: { voteIds: [999999] } }), 404);
    ok(await report(ids.deleted, members[1], { reason: 'spam' }), 201);
    ok(
      await h.request({ method: 'POST', url: `/api/admin/reports/${ids.deleted}/resolve`, token: admin.token, payload: { action: 'delete', reason: 'Spam' } }),
    );
    // 7. A role change and an activation of a pending deal by the admin; a store edit (not public).
    ok(await h.request({ method: 'PUT', url: `/api/admin/users/${members[2].id}/role`, token: admin.token, payload: { role: 'moderator' } }));
    ids.pending = await insertDeal(h, { user_id: owner.id, status: 'pending', title: 'Newly activated blender' });
    ok(await h.request({ method: 'POST', url: `/api/admin/deals/${ids.pending}/activate`, token: admin.token, payload: {} }));
    ok(await h.request({ method: 'PUT', url: '/api/stores/1', token: admin.token, payload: { name: 'Renamed store', url: null } }));
  });

  const log = async (query = '') => {
    const res = await h.request({ method: 'GET', url: `/api/moderation-log${query}` });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it("lists the team's actions newest first, in words, with deal links, who acted and why", async () => {
    const data = await log();
    expect(data).toMatchObject({ page: 1, pageSize: 30, totalPages: 1 });
    const lines = data.entries.map((e: any) => [e.action, e.subject, e.deal?.link ?? null, e.actor.role, e.actor.username, e.reason]);
    expect(lines).toEqual([
      ['activated', 'Newly activated blender', `/dealDetail/${ids.pending}`, 'admin', 'admin', null],
      ['role changed', 'a member', null, 'admin', 'admin', null],
      ['deleted', 'a deal', null, 'admin', 'admin', 'Spam'],
      ['report resolved', 'a deal', null, 'admin', 'admin', 'Spam'],
      ['comment removed', 'a comment on Ring voted headphones', `/dealDetail/${ids.voided}`, 'moderator', 'ModMolly', null],
      ['votes voided', 'Ring voted headphones', `/dealDetail/${ids.voided}`, 'moderator', 'ModMolly', 'Votes from one network'],
      ['report resolved', 'Genuine air fryer', `/dealDetail/${ids.dismissed}`, 'moderator', 'ModMolly', 'Checked: a real deal'],
      ['expired', 'System expired toaster', `/dealDetail/${ids.system}`, 'system', null, 'Past its end date'],
      ['expired', 'Community expired kettle', `/dealDetail/${ids.community}`, 'community', null, 'Expired after member reports'],
    ]);
    expect(data.totalCount).toBe(9);
    expect(data.entries[0]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      action: 'activated',
      deal: { id: ids.pending, title: 'Newly activated blender', link: `/dealDetail/${ids.pending}` },
      subject: 'Newly activated blender',
      actor: { role: 'admin', username: 'admin' },
      reason: null,
    });
  });

  it('never shows emails, network hashes, report notes, comment text, titles of hidden deals or the changed data', async () => {
    const text = JSON.stringify(await log());
    for (const secret of [
      ...hashes,
      'PRIVATE-NOTE',
      'SECRET-COMMENT-TEXT',
      'Spammy crypto course',
      '@',
      members[2].username,
      'Renamed store',
      '"before',
      '"after',
      'json',
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const e of (await log()).entries) expect(Object.keys(e).sort()).toEqual(['action', 'actor', 'at', 'deal', 'id', 'reason', 'subject']);
  });

  it('pages 30 at a time (pageSize up to 100) and answers everyone, signed in or not', async () => {
    for (let i = 0; i < 25; i++) await expireDeal(h.app.deps, await insertDeal(h, { title: `Bulk ${i}` }), null, 'sweep', null);
    const first = await log();
    expect(first).toMatchObject({ totalCount: 34, pageSize: 30, totalPages: 2 });
    expect(first.entries).toHaveLength(30);
    const second = await log('?page=2');
    expect(second.entries).toHaveLength(4);
    expect(second.entries.at(-1).subject).toBe('Community expired kettle');
    expect(new Set([...first.entries, ...second.entries].map((e: any) => e.id)).size).toBe(34);
    expect((await log('?pageSize=5&page=3')).entries.map((e: any) => e.id)).toEqual(first.entries.slice(10, 15).map((e: any) => e.id));
    expect((await h.request({ method: 'GET', url: '/api/moderation-log?pageSize=101' })).status).toBe(400);
    expect((await h.request({ method: 'GET', url: '/api/moderation-log?page=0' })).status).toBe(400);
    for (const token of [members[0].token, moderator.token, admin.token, (await h.createUser({ verified: false })).token]) {
      expect((await h.request({ method: 'GET', url: '/api/moderation-log', token })).status).toBe(200);
    }
  });
});
