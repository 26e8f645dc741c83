import { describe, expect, it } from 'vitest';
import { DELETED_MEMBER_NAME } from '../../../shared/domain/members/deleted-member.js';
import { CONFIRM_USERNAME_MISMATCH, PASSWORD_INCORRECT, STAFF_MUST_BE_DEMOTED } from '../../../shared/schemas/members/account.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { TEST_PASSWORD, useHarness } from '../../test/harness.js';

describe('delete my account', () => {
  const {
    h,
    admin,
    members: [bob],
    moderators: [mod],
  } = useHarness({ members: 1, moderators: 1 });

  const del = (token: string, payload: Record<string, unknown>) => h.request({ method: 'POST', url: '/api/account/delete', token, payload });
  const now = () => new Date().toISOString();

  async function setUp() {
    const me = await h.createUser();
    const live = await insertDeal(h, { user_id: me.id, title: 'My live deal' });
    const pending = await insertDeal(h, { user_id: me.id, title: 'My pending deal', status: 'pending' });
    const bobs = await insertDeal(h, { user_id: bob.id, title: 'Bob deal' });
    // A top-level comment with a reply (kept as '[deleted]' when texts go), one without (removed), a reply of mine.
    const withReply = await h.db.kysely
      .insertInto('comments')
      .values({ deal_id: bobs, user_id: me.id, text: 'Mine with a reply', created_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db.kysely
      .insertInto('comments')
      .values({ deal_id: bobs, user_id: bob.id, text: 'Bob replies', parent_id: withReply.id, created_at: now() })
      .execute();
    const alone = await h.db.kysely
      .insertInto('comments')
      .values({ deal_id: bobs, user_id: me.id, text: 'Mine alone', created_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db.kysely.updateTable('deals').set({ comment_count: 3 }).where('id', '=', bobs).execute();
    const vote = await h.request({ method: 'POST', url: '/api/votes', token: me.token, payload: { dealId: bobs, voteType: 1 } });
    expect(vote.status).toBeLessThan(300);
    await h.request({ method: 'POST', url: `/api/deals/${bobs}/save`, token: me.token });
    expect((await h.request({ method: 'POST', url: '/api/alerts', token: me.token, payload: { query: 'kettle' } })).status).toBe(201);
    await h.db.kysely
      .insertInto('push_devices')
      .values({
        user_id: me.id,
        endpoint: `https://8.8.8.8/push/${me.id}`,
        p256dh: `B${'A'.repeat(86)}`,
        auth: 'A'.repeat(22),
        name: 'Chrome',
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    const temperature = await h.db.kysely.selectFrom('deals').select(['temperature', 'upvotes']).where('id', '=', bobs).executeTakeFirstOrThrow();
    return { me, live, pending, bobs, withReply: Number(withReply.id), alone: Number(alone.id), temperature };
  }

  it('anonymises the account at once: tokens 401, deals and comments shown as by "deleted member", votes still counted', async () => {
    const s = await setUp();
    const res = await del(s.me.token, { password: TEST_PASSWORD, confirmUsername: s.me.username });
    expect(res.status).toBe(200);
    // Every token of the account answers 401 at once.
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token: s.me.token })).status).toBe(401);
    expect((await h.request({ method: 'POST', url: '/api/auth/login', payload: { credential: s.me.username, password: TEST_PASSWORD } })).status).toBe(401);
    const row = await h.db.kysely.selectFrom('users').selectAll().where('id', '=', s.me.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: `deleted-${s.me.id}`, email: `deleted-${s.me.id}@deleted.invalid`, bio: null, avatar: null, role: 'user' });
    expect(row.deleted_at).toBeTruthy();
    for (const table of ['alerts', 'push_devices', 'saved_deals'] as const) {
      expect(await h.db.kysely.selectFrom(table).select('user_id').where('user_id', '=', s.me.id).execute()).toHaveLength(0);
    }
    // The pending deal is gone, the live one stays, shown as by "deleted member".
    expect(await h.db.kysely.selectFrom('deals').select('id').where('id', '=', s.pending).executeTakeFirst()).toBeUndefined();
    const live = await h.request({ method: 'GET', url: `/api/deals/${s.live}` });
    expect(live.body.data.userUsername).toBe(DELETED_MEMBER_NAME);
    // Comments stay, by "deleted member"; the vote is still counted.
    const comments = await h.request({ method: 'GET', url: `/api/comments/${s.bobs}` });
    const texts = JSON.stringify(comments.body.data);
    expect(texts).toContain('Mine alone');
    expect(texts).toContain(DELETED_MEMBER_NAME);
    expect(texts).not.toContain(s.me.username);
    const after = await h.db.kysely.selectFrom('deals').select(['temperature', 'upvotes']).where('id', '=', s.bobs).executeTakeFirstOrThrow();
    expect(after).toEqual(s.temperature);
    // The member page is gone.
    expect((await h.request({ method: 'GET', url: `/api/members/${s.me.username}` })).status).toBe(404);
  });

  it('with removeComments: "[deleted]" where a comment had replies, removed otherwise', async () => {
    const s = await setUp();
    const res = await del(s.me.token, { password: TEST_PASSWORD, confirmUsername: s.me.username, removeComments: true });
    expect(res.status).toBe(200);
    const kept = await h.db.kysely.selectFrom('comments').selectAll().where('id', '=', s.withReply).executeTakeFirstOrThrow();
    expect(kept.text).toBe('');
    expect(kept.deleted_at).toBeTruthy();
    expect(await h.db.kysely.selectFrom('comments').select('id').where('id', '=', s.alone).executeTakeFirst()).toBeUndefined();
    const comments = await h.request({ method: 'GET', url: `/api/comments/${s.bobs}` });
    const texts = JSON.stringify(comments.body.data);
    expect(texts).toContain('[deleted]');
    expect(texts).toContain('Bob replies');
    expect(texts).not.toContain('Mine');
    const deal = await h.db.kysely.selectFrom('deals').select(['comment_count', 'temperature', 'upvotes']).where('id', '=', s.bobs).executeTakeFirstOrThrow();
    expect(Number(deal.comment_count)).toBe(1);
    expect({ temperature: deal.temperature, upvotes: deal.upvotes }).toEqual(s.temperature);
  });

  it('asks for the password and the username typed as it is, refuses staff, and refuses malformed bodies with 400', async () => {
    const me = await h.createUser();
    const wrong = await del(me.token, { password: 'Wrong-Passw0rd', confirmUsername: me.username });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(PASSWORD_INCORRECT);
    const typo = await del(me.token, { password: TEST_PASSWORD, confirmUsername: `${me.username}x` });
    expect(typo.status).toBe(400);
    expect(typo.body.error).toBe(CONFIRM_USERNAME_MISMATCH);
    for (const bad of [{}, { password: 1 }, { password: TEST_PASSWORD }, { password: TEST_PASSWORD, confirmUsername: me.username, removeComments: 'yes' }]) {
      expect((await h.request({ method: 'POST', url: '/api/account/delete', token: me.token, payload: bad as never })).status).toBe(400);
    }
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token: me.token })).status).toBe(200);
    const staff = await del(mod.token, { password: TEST_PASSWORD, confirmUsername: mod.username });
    expect(staff.status).toBe(403);
    expect(staff.body.error).toBe(STAFF_MUST_BE_DEMOTED);
    expect((await h.request({ method: 'POST', url: '/api/account/delete', payload: { password: TEST_PASSWORD, confirmUsername: 'x' } })).status).toBe(401);
  });

  it('lets an administrator delete a member with a reason, logged; staff must be demoted first', async () => {
    const s = await setUp();
    const noReason = await h.request({ method: 'DELETE', url: `/api/admin/users/${s.me.id}`, token: admin.token, payload: {} });
    expect(noReason.status).toBe(400);
    const res = await h.request({
      method: 'DELETE',
      url: `/api/admin/users/${s.me.id}`,
      token: admin.token,
      payload: { reason: 'Asked by email to be removed' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: s.me.id, username: `deleted-${s.me.id}`, deleted: true });
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token: s.me.token })).status).toBe(401);
    const log = await h.db.kysely
      .selectFrom('moderation_log')
      .selectAll()
      .where('action', '=', 'account-delete')
      .where('entity_id', '=', s.me.id)
      .executeTakeFirstOrThrow();
    expect(log.reason).toBe('Asked by email to be removed');
    expect(log.actor_id).toBe(1);
    // Twice: not found.
    expect((await h.request({ method: 'DELETE', url: `/api/admin/users/${s.me.id}`, token: admin.token, payload: { reason: 'again' } })).status).toBe(404);
    const staff = await h.request({ method: 'DELETE', url: `/api/admin/users/${mod.id}`, token: admin.token, payload: { reason: 'no' } });
    expect(staff.status).toBe(403);
    expect((await h.request({ method: 'DELETE', url: `/api/admin/users/${bob.id}`, token: bob.token, payload: { reason: 'no' } })).status).toBe(403);
  });

  it('keeps the names deleted accounts take from sign-up', async () => {
    const res = await h.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'deleted-42', email: 'd42@example.com', password: 'Sup3rSecret', termsAccepted: true },
    });
    expect(res.status).toBe(400);
  });
});
