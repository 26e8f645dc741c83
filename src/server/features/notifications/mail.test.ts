import { describe, expect, it } from 'vitest';
import { drainOutbox } from '../../services/outbox/index.js';
import { useHarness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';
import { notificationMailHandlers, queueGatheredMails } from './mail.js';

/** The gathered notification mail (docs/notes/notifications.md "Mail"): outbox, 15-minute gathering, one-click unsubscribe. */
describe('gathered notification mail', () => {
  const {
    h,
    members: [ann, bex],
  } = useHarness({ members: [{ username: 'ann_mail' }, { username: 'bex_mail' }] });

  // The outbox is drained at the time the mails were queued for (the tests move the clock forward).
  const drain = (at = Date.now()) => drainOutbox(h.app.deps, notificationMailHandlers(h.app.deps), { now: () => new Date(at) });
  const comment = async (dealId: number, text: string, parentId?: number) => {
    const res = await h.request({ method: 'POST', url: '/api/comments', token: bex.token, payload: { dealId, text, ...(parentId ? { parentId } : {}) } });
    expect(res.status).toBe(201);
    return res.body.data.comment?.id ?? res.body.data.id;
  };

  it('gathers what arrived into at most one mail per member per 15 minutes, with a one-click unsubscribe for its types', async () => {
    const dealId = await insertDeal(h, { status: 'active', user_id: ann.id, title: 'Mailed deal' });
    // deal.comment is not emailed by default; a mention is.
    await comment(dealId, 'First @ann_mail');
    await comment(dealId, 'A plain comment');
    expect(await queueGatheredMails(h.app.deps)).toBe(1);
    await drain();
    expect(h.mails).toHaveLength(1);
    const mail = h.mails[0];
    expect(mail.to).toBe(ann.email);
    expect(mail.subject).toBe('bex_mail mentioned you in a comment on “Mailed deal”');
    expect(mail.text).toContain('http://localhost:3000/dealDetail/');
    expect(mail.text).toContain('http://localhost:3000/user/profile#notifications');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(unsubscribe).toMatch(/^http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=.+&types=mention$/);

    // Within 15 minutes: waits; after: one mail with both.
    await comment(dealId, 'Second @ann_mail');
    await comment(dealId, 'Third @ann_mail');
    expect(await queueGatheredMails(h.app.deps)).toBe(0);
    const later = Date.now() + 16 * 60_000;
    expect(await queueGatheredMails(h.app.deps, later)).toBe(1);
    await drain(later);
    expect(h.mails).toHaveLength(2);
    expect(h.mails[1].subject).toBe('2 new notifications on QuidsIn');

    // One-click: the mail's types stop being emailed; a forged token is 400.
    const url = new URL(unsubscribe!);
    const click = await h.request({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.status, JSON.stringify(click.body)).toBe(200);
    expect(click.body.data).toEqual({ unsubscribed: ['mention'] });
    const prefs = await h.request({ method: 'GET', url: '/api/notifications/preferences', token: ann.token });
    expect(prefs.body.data.preferences.mention).toEqual({ inApp: true, email: false, push: true });
    const forged = await h.request({ method: 'POST', url: `/api/notifications/unsubscribe?token=${ann.id}.AAAAAAAAAAAAAAAAAAAAAA&types=mention` });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('This unsubscribe link is not valid');
  });

  it('an account that is no longer verified gets none', async () => {
    const dealId = await insertDeal(h, { status: 'active', user_id: bex.id });
    const mine = await h.request({ method: 'POST', url: '/api/comments', token: bex.token, payload: { dealId, text: 'mine' } });
    await h.request({
      method: 'POST',
      url: '/api/comments',
      token: ann.token,
      payload: { dealId, text: 'reply', parentId: mine.body.data.comment?.id ?? mine.body.data.id },
    });
    const before = h.mails.length;
    const later = Date.now() + 60 * 60_000;
    expect(await queueGatheredMails(h.app.deps, later)).toBe(1);
    await h.db.kysely.updateTable('users').set({ email_verified_at: null }).where('id', '=', bex.id).execute();
    await drain(later);
    expect(h.mails.length).toBe(before);
    const row = await h.db.kysely
      .selectFrom('mail_outbox')
      .select(['last_error', 'given_up_at'])
      .where('kind', '=', 'notification-digest')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.last_error).toBe('not sent: email not verified');
  });
});
