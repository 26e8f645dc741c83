import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES } from '../../../../shared/schemas/members/alerts.js';
import { drainOutbox, messageHandler, MESSAGE_KIND } from '../../../services/outbox/index.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { activate, addAlert, type Member, outboxRows, pendingDeal } from '../test-helpers.js';
import { signAlertToken } from '../tokens.js';
import { alertMailHandlers } from './delivery.js';
import { londonClock } from '../../../../shared/domain/london-clock.js';
import { sendDailyDigests } from './digest.js';

describe('alert mails', () => {
  let h: Harness;
  let member: Member;
  beforeAll(async () => {
    h = await createHarness({ ALERT_DIGEST_HOUR: '8' });
    member = await h.createUser({ username: 'mailreader' });
  });
  afterAll(() => h.close());

  const handlers = () => ({ [MESSAGE_KIND]: messageHandler, ...alertMailHandlers(h.app.deps) });
  const drain = (now?: Date) => drainOutbox(h.app.deps, handlers(), { now: now ? () => now : undefined });
  const mailsTo = (email: string) => h.mails.filter((m) => m.to === email);

  it('sends an instant alert one mail per deal, with text and escaped HTML parts and one-click unsubscribe headers', async () => {
    const alert = await addAlert(h, member, { query: 'oled <tv>' });
    const dealId = await pendingDeal(h, {
      title: 'LG OLED <b>TV</b> & stand',
      price_pence: 109900,
      original_price_pence: 169900,
      store_id: 2,
      temperature: 12,
      upvotes: 12,
    });
    await activate(h, dealId);
    expect(mailsTo(member.email)).toHaveLength(0); // queued, not sent inside the request
    const report = await drain();
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const [mail] = mailsTo(member.email);
    expect(mail.subject).toBe('New deal for "oled <tv>": LG OLED <b>TV</b> & stand – £1,099.00');
    const unsubscribeToken = signAlertToken(h.config.jwtSecret, 'alert-unsubscribe', alert.id);
    expect(mail.headers).toMatchObject({
      'List-Unsubscribe': `<http://localhost:3000/api/alerts/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.headers?.['Message-ID']).toMatch(/^<alert-\d+-[0-9a-f]{16}@localhost>$/);
    expect(mail.text).toContain('LG OLED <b>TV</b> & stand');
    expect(mail.text).toContain('£1,099.00 (was £1,699.00) at Currys 12°');
    expect(mail.text).toContain(`http://localhost:3000/dealDetail/${dealId}`);
    expect(mail.text).toContain(`http://localhost:3000/alerts/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`);
    expect(mail.html).toContain('LG OLED &lt;b&gt;TV&lt;/b&gt; &amp; stand');
    expect(mail.html).not.toContain('<b>TV</b>');
    expect(mail.html).toContain('oled &lt;tv&gt;');
    expect(mail.html).toContain('<s style="color:#6b7280">£1,699.00</s>');
    expect(mail.html).toContain(`href="http://localhost:3000/dealDetail/${dealId}"`);
    expect(mail.html).toContain('Currys');
    expect(mail.html).toContain('12°');
    expect(mail.html).toContain(`href="http://localhost:3000/alerts/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}"`);

    // Sent once: marked sent, lastSentAt set, a second drain sends nothing.
    const row = (await outboxRows(h)).find((r) => JSON.parse(r.payload).dealId === dealId)!;
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(1);
    await drain();
    expect(mailsTo(member.email)).toHaveLength(1);
    const listed = (await h.request({ method: 'GET', url: '/api/alerts', token: member.token })).body.data.alerts.find(
      (a: { id: number }) => a.id === alert.id,
    );
    expect(listed.lastSentAt).toBe(row.sent_at);
  });

  it('sends nothing for an alert deleted or paused, or an account unverified, after the match', async () => {
    const m = await h.createUser();
    const deleted = await addAlert(h, m, { query: 'espresso' });
    const paused = await addAlert(h, m, { query: 'espresso machine' });
    const dealId = await pendingDeal(h, { title: 'DeLonghi espresso machine' });
    await activate(h, dealId);
    await h.request({ method: 'DELETE', url: `/api/alerts/${deleted.id}`, token: m.token });
    await h.request({ method: 'POST', url: `/api/alerts/unsubscribe?token=${signAlertToken(h.config.jwtSecret, 'alert-unsubscribe', paused.id)}` });
    const report = await drain();
    expect(report.skipped).toBe(2);
    expect(mailsTo(m.email)).toHaveLength(0);
    const reasons = (await outboxRows(h))
      .filter((r) => JSON.parse(r.payload).dealId === dealId)
      .map((r) => r.last_error)
      .sort();
    expect(reasons).toEqual(['not sent: alert deleted', 'not sent: alert paused']);

    const n = await h.createUser();
    await addAlert(h, n, { query: 'grinder' });
    const second = await pendingDeal(h, { title: 'Coffee grinder' });
    await activate(h, second);
    await h.db.kysely.updateTable('users').set({ email_verified_at: null }).where('id', '=', n.id).execute();
    await drain();
    expect(mailsTo(n.email)).toHaveLength(0);
  });

  it('sends a daily alert one digest a day at ALERT_DIGEST_HOUR London time: up to 20 deals and the count of the rest', async () => {
    const m = await h.createUser();
    const alert = await addAlert(h, m, { query: 'lego', frequency: 'daily' });
    const quiet = await addAlert(h, m, { query: 'nothing matches this', frequency: 'daily' });
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      const id = await pendingDeal(h, { title: `LEGO set number ${i}` });
      await activate(h, id);
      ids.push(id);
    }
    await drain();
    expect(mailsTo(m.email)).toHaveLength(0); // daily: nothing until the digest

    // 07:59 in London (summer time: 06:59 UTC) is too early; 08:00 sends.
    expect(londonClock(new Date('2030-07-01T06:59:00Z'))).toEqual({ day: '2030-07-01', hour: 7 });
    expect(await sendDailyDigests(h.app.deps, { now: new Date('2030-07-01T06:59:00Z') })).toBeNull();
    const run = await sendDailyDigests(h.app.deps, { now: new Date('2030-07-01T07:00:00Z') });
    expect(run?.day).toBe('2030-07-01');
    expect(run?.digests).toBeGreaterThanOrEqual(1);
    await drain(new Date('2030-07-01T07:00:05Z'));
    const digests = mailsTo(m.email);
    expect(digests).toHaveLength(1); // none for the alert that matched nothing
    const [digest] = digests;
    expect(digest.subject).toBe('23 new deals for "lego"');
    expect(digest.headers?.['List-Unsubscribe']).toContain(encodeURIComponent(signAlertToken(h.config.jwtSecret, 'alert-unsubscribe', alert.id)));
    expect(digest.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const listed = [...digest.text.matchAll(/dealDetail\/(\d+)/g)].map((x) => Number(x[1]));
    expect(listed).toEqual(ids.slice(3).reverse()); // the newest 20, newest first
    expect(digest.text).toContain('...and 3 more: http://localhost:3000/dealsBrowse?search=lego');
    expect(digest.html).toContain('3 more</a>');
    expect(digest.html.match(/See the deal/g)).toHaveLength(20);
    expect(quiet.id).not.toBe(alert.id);

    // Later the same day: a new match waits for tomorrow; no second digest today.
    const late = await pendingDeal(h, { title: 'LEGO late arrival' });
    await activate(h, late);
    expect(await sendDailyDigests(h.app.deps, { now: new Date('2030-07-01T15:00:00Z') })).toBeNull();
    await drain(new Date('2030-07-01T15:00:05Z'));
    expect(mailsTo(m.email)).toHaveLength(1);
    // Next day, 08:xx London (summer time: shared/domain/london-clock.ts): one digest of one deal.
    await sendDailyDigests(h.app.deps, { now: new Date('2030-07-02T07:30:00Z') });
    await drain(new Date('2030-07-02T07:30:05Z'));
    expect(mailsTo(m.email)).toHaveLength(2);
    expect(mailsTo(m.email)[1].subject).toBe('1 new deal for "lego"');
    expect(mailsTo(m.email)[1].text).not.toContain('more:');
  });

  it("unsubscribes with the mail's token, signed in or not: GET tells, POST pauses", async () => {
    const m = await h.createUser();
    const alert = await addAlert(h, m, { query: 'air purifier' });
    const token = signAlertToken(h.config.jwtSecret, 'alert-unsubscribe', alert.id);
    const url = `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;

    const look = await h.request({ method: 'GET', url });
    expect(look.status).toBe(200);
    expect(look.body).toEqual({ success: true, data: { alert: { id: alert.id, query: 'air purifier', paused: false } } });
    const unchanged = await h.db.kysely.selectFrom('alerts').select('paused').where('id', '=', alert.id).executeTakeFirstOrThrow();
    expect(unchanged.paused).toBe(0);

    // RFC 8058: the mail client POSTs List-Unsubscribe=One-Click as a form, without any sign-in.
    const post = await h.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.status, JSON.stringify(post.body)).toBe(200);
    expect(post.body).toEqual({ success: true, data: { alert: { id: alert.id, query: 'air purifier', paused: true } } });
    expect((await h.db.kysely.selectFrom('alerts').select('paused').where('id', '=', alert.id).executeTakeFirstOrThrow()).paused).toBe(1);
    // Again (a second click, a scanner): still fine. With a stale bearer token too (the token is not read here), and as
    // multipart/form-data, the other body RFC 8058 allows.
    const again = await h.request({ method: 'POST', url, token: 'stale-token' });
    expect(again.status).toBe(200);
    const boundary = 'x-one-click';
    const multipartBody = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const multipart = await h.request({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipartBody,
    });
    expect(multipart.status, JSON.stringify(multipart.body)).toBe(200);
    expect(multipart.body.data.alert.paused).toBe(true);
    // The member resumes it on /alerts.
    const resumed = await h.request({ method: 'PUT', url: `/api/alerts/${alert.id}`, token: m.token, payload: { paused: false } });
    expect(resumed.body.data.alert.paused).toBe(false);

    const feedToken = signAlertToken(h.config.jwtSecret, 'alert-feed', alert.id);
    const forged = `${alert.id}.${'A'.repeat(22)}`;
    const otherAlert = token.replace(/^\d+/, String(alert.id + 1000));
    const lastCharFlipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [feedToken, forged, otherAlert, lastCharFlipped, 'nonsense', `${token}x`]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await h.request({ method, url: `/api/alerts/unsubscribe?token=${encodeURIComponent(bad)}` });
        expect(res.status, `${method} ${bad}`).toBe(400);
        expect(res.body).toEqual({ success: false, error: ALERT_MESSAGES.invalidLink, field: 'token' });
      }
    }
    const missing = await h.request({ method: 'POST', url: '/api/alerts/unsubscribe' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(ALERT_MESSAGES.invalidLink);
    expect((await h.db.kysely.selectFrom('alerts').select('paused').where('id', '=', alert.id).executeTakeFirstOrThrow()).paused).toBe(0);

    await h.request({ method: 'DELETE', url: `/api/alerts/${alert.id}`, token: m.token });
    const gone = await h.request({ method: 'GET', url });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe(ALERT_MESSAGES.gone);
  });

  it("serves the alert's private feed: its matched deals, newest first; a bad token is a plain 404", async () => {
    const m = await h.createUser();
    const alert = await addAlert(h, m, { query: 'switch' });
    const first = await pendingDeal(h, { title: 'Nintendo Switch OLED' });
    await activate(h, first);
    const second = await pendingDeal(h, { title: 'Switch Pro controller' });
    await activate(h, second);
    const feedPath = new URL(alert.feedUrl).pathname;
    const res = await h.app.inject({ method: 'GET', url: feedPath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    expect(res.body).toContain('QuidsIn alert: switch');
    const links = [...res.body.matchAll(/<link>http:\/\/localhost:3000\/dealDetail\/(\d+)<\/link>/g)].map((x) => Number(x[1]));
    expect(links).toEqual([second, first]);

    const unsubscribeToken = signAlertToken(h.config.jwtSecret, 'alert-unsubscribe', alert.id);
    for (const bad of [`/feeds/alerts/${unsubscribeToken}.xml`, `/feeds/alerts/${alert.id}.${'A'.repeat(22)}.xml`, '/feeds/alerts/nope.xml']) {
      expect((await h.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(404);
    }
  });
});
