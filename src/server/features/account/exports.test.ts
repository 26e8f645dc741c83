import { describe, expect, it } from 'vitest';
import { EXPORT_EXPIRED, EXPORT_RUNNING } from '../../../shared/schemas/members/account.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { useHarness } from '../../test/harness.js';
import { unzipText } from '../../test/zip.js';
import { drainOutbox, messageHandler, MESSAGE_KIND } from '../../services/outbox/index.js';
import { expireExports, exportsSettled, runExports } from './exports/index.js';

describe('download my data', () => {
  const {
    h,
    admin,
    members: [alice, bob],
  } = useHarness({ members: 2 });

  const start = (token: string) => h.request({ method: 'POST', url: '/api/account/export', token });
  const download = (token: string, id: number) =>
    h.app.inject({ method: 'GET', url: `/api/account/exports/${id}/download`, headers: { authorization: `Bearer ${token}` } });

  it("builds one archive of the member's data, mails when it is ready, and is the member's alone", async () => {
    const now = new Date().toISOString();
    const posted = await insertDeal(h, { user_id: alice.id, title: 'Alice pending kettle', status: 'pending' });
    const other = await insertDeal(h, { user_id: bob.id, title: 'Bob deal' });
    await h.db.kysely.insertInto('comments').values({ deal_id: other, user_id: alice.id, text: 'Alice says: great price', created_at: now }).execute();
    await h.db.kysely
      .insertInto('votes')
      .values({ deal_id: other, user_id: alice.id, vote_type: 1, created_at: now, account_age_hours: 100, network_hash: null, half_weight_until: null })
      .execute();
    await h.db.kysely.insertInto('saved_deals').values({ deal_id: other, user_id: alice.id, created_at: now }).execute();
    const comment = await h.db.kysely.selectFrom('comments').select('id').where('user_id', '=', alice.id).executeTakeFirstOrThrow();
    await h.db.kysely.insertInto('comment_likes').values({ comment_id: comment.id, user_id: alice.id, created_at: now }).execute();
    const refs = await h.db.kysely
      .selectFrom('deals as d')
      .innerJoin('categories as c', 'c.id', 'd.category_id')
      .innerJoin('stores as s', 's.id', 'd.store_id')
      .select(['c.name as category', 's.name as store'])
      .where('d.id', '=', posted)
      .executeTakeFirstOrThrow();

    const res = await start(alice.token);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'queued', member: { id: alice.id, username: alice.username } });
    const id = res.body.data.id as number;
    // One at a time.
    const second = await start(alice.token);
    if (second.status === 409) expect(second.body.error).toBe(EXPORT_RUNNING);
    await exportsSettled();
    await runExports(h);

    const list = await h.request({ method: 'GET', url: '/api/account/exports', token: alice.token });
    const mine = list.body.data.exports.find((e: { id: number }) => e.id === id);
    expect(mine).toMatchObject({ status: 'ready' });
    expect(Date.parse(mine.expiresAt) - Date.parse(mine.finishedAt)).toBeGreaterThan(47.9 * 3600_000);

    const file = await download(alice.token, id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    const entries = await unzipText(file.rawPayload);
    const names = [...entries.keys()].map((n) => n.split('/').pop());
    for (const f of [
      'README.txt',
      'account.json',
      'profile.json',
      'deals.json',
      'comments.json',
      'votes.json',
      'saved-deals.json',
      'alerts.json',
      'notification-preferences.json',
      'reports.json',
      'consents.json',
      'sessions.json',
      'passkeys.json',
      'security-activity.json',
    ]) {
      expect(names).toContain(f);
    }
    const get = (name: string) => JSON.parse([...entries].find(([n]) => n.endsWith(`/${name}`))?.[1] ?? 'null');
    expect(get('account.json')).toMatchObject({ id: alice.id, username: alice.username, email: alice.email });
    expect(get('deals.json').map((d: { id: number; status: string }) => [d.id, d.status])).toEqual([[posted, 'pending']]);
    expect(get('deals.json')[0]).toMatchObject({ ...refs, title: 'Alice pending kettle', link: expect.stringMatching(new RegExp(`/dealDetail/${posted}$`)) });
    expect(get('comment-likes.json')).toEqual([{ commentId: Number(comment.id), likedAt: now }]);
    expect(get('comments.json')[0]).toMatchObject({ dealId: other, text: 'Alice says: great price' });
    expect(get('votes.json')).toEqual([expect.objectContaining({ dealId: other, vote: 'up' })]);
    expect(get('saved-deals.json')).toEqual([{ dealId: other, dealTitle: 'Bob deal', savedAt: now }]);
    expect([...entries].find(([n]) => n.endsWith('README.txt'))?.[1]).toContain('comments.json');
    // The export itself is in the member's security activity.
    expect(get('security-activity.json').map((e: { what: string }) => e.what)).toContain('export-requested');
    expect(Array.isArray(get('sessions.json'))).toBe(true);
    expect(get('passkeys.json')).toEqual({ passkeys: [], twoFactorOnSince: null });

    // Another member's id is not found; no sign-in is 401; the file is never served at /uploads/.
    expect((await download(bob.token, id)).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/api/account/exports/${id}/download` })).statusCode).toBe(401);
    const key = (await h.db.kysely.selectFrom('data_exports').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key as string;
    expect(key).toMatch(/^private\/exports\/[0-9a-f]{48}\.zip$/);
    expect((await h.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);

    // The ready mail goes out through the outbox.
    const before = h.mails.length;
    await drainOutbox(h.app.deps, { [MESSAGE_KIND]: messageHandler });
    expect(h.mails.slice(before).find((m) => m.to === alice.email)?.subject).toBe('Your QuidsIn data is ready to download');

    // After 48 hours: 410, and the sweep removes the file.
    await h.db.kysely
      .updateTable('data_exports')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const gone = await download(alice.token, id);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error).toBe(EXPORT_EXPIRED);
    expect(await expireExports(h)).toBeGreaterThanOrEqual(1);
    const row = await h.db.kysely.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'expired', storage_key: null });
    expect(await (await import('../../infra/storage.js')).uploadStorage(h.config.uploadsDir).exists(key)).toBe(false);
  });

  it('refuses a second export while one is being made', async () => {
    const first = await start(bob.token);
    expect(first.status).toBe(201);
    // The worker may already have run; make sure the row is still open for this check.
    await exportsSettled();
    await h.db.kysely.updateTable('data_exports').set({ status: 'queued' }).where('id', '=', first.body.data.id).execute();
    const second = await start(bob.token);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(EXPORT_RUNNING);
    expect((await download(bob.token, first.body.data.id)).statusCode).toBe(409);
    await runExports(h);
    expect((await download(bob.token, first.body.data.id)).statusCode).toBe(200);
  });

  it('lets an administrator export a member: the admin downloads it, and it is logged', async () => {
    const carol = await h.createUser();
    const res = await h.request({ method: 'POST', url: `/api/admin/users/${carol.id}/export`, token: admin.token });
    expect(res.status).toBe(201);
    await exportsSettled();
    await runExports(h);
    expect((await download(admin.token, res.body.data.id)).statusCode).toBe(200);
    expect((await download(carol.token, res.body.data.id)).statusCode).toBe(404);
    const log = await h.db.kysely.selectFrom('moderation_log').selectAll().where('action', '=', 'account-export').where('entity_id', '=', carol.id).execute();
    expect(log).toHaveLength(1);
    expect((await h.request({ method: 'POST', url: '/api/admin/users/999999/export', token: admin.token })).status).toBe(404);
    expect((await h.request({ method: 'POST', url: `/api/admin/users/${carol.id}/export`, token: carol.token })).status).toBe(403);
  });

  it('gives a member with 10,000 comments their archive within a minute', async () => {
    const dave = await h.createUser();
    const deal = await insertDeal(h, { user_id: bob.id, title: 'Busy thread' });
    const base = Date.now();
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      deal_id: deal,
      user_id: dave.id,
      text: `Comment number ${i} from dave`,
      created_at: new Date(base + i).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await h.db.kysely
        .insertInto('comments')
        .values(rows.slice(i, i + 500))
        .execute();
    const t0 = performance.now();
    const res = await start(dave.token);
    await exportsSettled();
    await runExports(h);
    const file = await download(dave.token, res.body.data.id);
    const seconds = (performance.now() - t0) / 1000;
    expect(file.statusCode).toBe(200);
    expect(seconds).toBeLessThan(60);
    const comments = JSON.parse([...(await unzipText(file.rawPayload))].find(([n]) => n.endsWith('/comments.json'))?.[1] ?? '[]');
    expect(comments).toHaveLength(10_000);
    expect(comments[9999].text).toBe('Comment number 9999 from dave');
  }, 120_000);
});
