import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { alertMailHandlers } from '../../features/alerts/index.js';
import { activate, addAlert, pendingDeal } from '../../features/alerts/test-helpers.js';
import { createHarness, useHarness } from '../../test/harness.js';
import { useSmtpServer } from '../../test/smtp.js';
import { createMailer, type Mailer, type MailMessage } from '../mail.js';
import { backoffMs, drainOutbox, enqueueMail, MAX_ATTEMPTS, messageHandler, MESSAGE_KIND } from './outbox.js';

const T0 = Date.parse('2030-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const handlers = { [MESSAGE_KIND]: messageHandler };

/** A mailer that fails its first `failures` sends, then records what it sends. */
function flakyMailer(failures: number, delayMs = 0) {
  const sent: MailMessage[] = [];
  let calls = 0;
  const mailer: Mailer = {
    async send(m) {
      calls += 1;
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (calls <= failures) throw new Error(`451 temporary failure ${calls}`);
      sent.push(m);
    },
  };
  return { mailer, sent, calls: () => calls };
}

describe('mail outbox', () => {
  const { h } = useHarness();

  let n = 0;
  async function queue(): Promise<{ id: number; key: string }> {
    n += 1;
    const key = `test:${n}`;
    await enqueueMail(
      h.db.kysely,
      { kind: MESSAGE_KIND, dedupeKey: key, payload: { to: `r${n}@example.test`, subject: `Mail ${n}`, text: 'hi', html: '<p>hi</p>' } },
      at(0).toISOString(),
    );
    const row = await h.db.kysely.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', key).executeTakeFirstOrThrow();
    return { id: row.id, key };
  }
  const row = (id: number) => h.db.kysely.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const clear = () =>
    h.db.kysely
      .updateTable('mail_outbox')
      .set({ given_up_at: at(0).toISOString() })
      .where('sent_at', 'is', null)
      .where('given_up_at', 'is', null)
      .execute();

  it('keeps one mail per key however often it is queued', async () => {
    await clear();
    const { key } = await queue();
    const again = await enqueueMail(h.db.kysely, { kind: MESSAGE_KIND, dedupeKey: key, payload: {} }, at(0).toISOString());
    expect(again).toBe(false);
    const rows = await h.db.kysely.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', key).execute();
    expect(rows).toHaveLength(1);
  });

  it('retries a failing send with exponential backoff, then sends it once', async () => {
    await clear();
    const { id } = await queue();
    const flaky = flakyMailer(2);
    const drain = (ms: number) => drainOutbox({ db: h.db, mailer: flaky.mailer }, handlers, { now: () => at(ms) });

    expect(await drain(0)).toEqual({ sent: 0, failed: 1, skipped: 0, gaveUp: 0 });
    let r = await row(id);
    expect(r).toMatchObject({
      attempts: 1,
      last_error: '451 temporary failure 1',
      sent_at: null,
      claimed_until: null,
      next_attempt_at: at(30_000).toISOString(),
    });
    expect((await drain(29_000)).failed).toBe(0); // not due yet
    expect(flaky.calls()).toBe(1);
    expect((await drain(30_000)).failed).toBe(1);
    r = await row(id);
    expect(r).toMatchObject({ attempts: 2, next_attempt_at: at(90_000).toISOString() }); // then 60 s
    expect((await drain(89_000)).sent).toBe(0);
    expect(await drain(90_000)).toEqual({ sent: 1, failed: 0, skipped: 0, gaveUp: 0 });
    r = await row(id);
    expect(r).toMatchObject({ attempts: 3, last_error: null, claimed_until: null, sent_at: at(90_000).toISOString() });
    expect(flaky.sent.map((m) => m.subject)).toEqual([`Mail ${n}`]);
    expect(await drain(10 * 3600_000)).toEqual({ sent: 0, failed: 0, skipped: 0, gaveUp: 0 });
    expect(flaky.calls()).toBe(3);
    expect([1, 2, 3, 10, 11, 20].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 15_360_000, 21_600_000, 21_600_000]); // at most 6 h
  });

  it('picks up a row whose worker died mid-send once its claim has expired, and never one still held', async () => {
    await clear();
    const { id } = await queue();
    // A worker claimed it at T0 (claims hold 5 minutes) and was killed before marking it.
    await h.db.kysely
      .updateTable('mail_outbox')
      .set({ claimed_until: at(5 * 60_000).toISOString(), attempts: 1 })
      .where('id', '=', id)
      .execute();
    const ok = flakyMailer(0);
    const drain = (ms: number) => drainOutbox({ db: h.db, mailer: ok.mailer }, handlers, { now: () => at(ms) });
    expect((await drain(60_000)).sent).toBe(0);
    expect(ok.sent).toHaveLength(0);
    expect((await drain(5 * 60_000 + 1)).sent).toBe(1);
    expect(ok.sent).toHaveLength(1);
    expect(await row(id)).toMatchObject({ attempts: 2, sent_at: at(5 * 60_000 + 1).toISOString(), claimed_until: null });
  });

  it('never sends a row twice, even with two workers draining at once', async () => {
    await clear();
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push((await queue()).id);
    const slow = flakyMailer(0, 5);
    const drain = () => drainOutbox({ db: h.db, mailer: slow.mailer }, handlers, { now: () => at(1000), batchSize: 3 });
    const reports = await Promise.all([drain(), drain(), drain()]);
    expect(reports.reduce((s, r) => s + r.sent, 0)).toBe(8);
    expect(slow.sent).toHaveLength(8);
    expect(new Set(slow.sent.map((m) => m.to)).size).toBe(8);
    for (const id of ids) expect((await row(id)).attempts).toBe(1);
  });

  it('gives a row up after too many attempts, keeping it and its last error', async () => {
    await clear();
    const { id } = await queue();
    await h.db.kysely
      .updateTable('mail_outbox')
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where('id', '=', id)
      .execute();
    const broken = flakyMailer(100);
    expect(await drainOutbox({ db: h.db, mailer: broken.mailer }, handlers, { now: () => at(0) })).toEqual({ sent: 0, failed: 0, skipped: 0, gaveUp: 1 });
    expect(await row(id)).toMatchObject({ attempts: MAX_ATTEMPTS, given_up_at: at(0).toISOString(), last_error: '451 temporary failure 1', sent_at: null });
    expect((await drainOutbox({ db: h.db, mailer: broken.mailer }, handlers, { now: () => at(86_400_000) })).gaveUp).toBe(0);
  });

  it('counts a send that hangs as failed and keeps the claim until it expires', async () => {
    await clear();
    const { id } = await queue();
    const hanging: Mailer = { send: () => new Promise(() => {}) };
    const report = await drainOutbox({ db: h.db, mailer: hanging }, handlers, { now: () => at(0), sendTimeoutMs: 30, claimMs: 60_000 });
    expect(report.failed).toBe(1);
    const r = await row(id);
    expect(r.claimed_until).toBe(at(60_000).toISOString());
    expect(r.last_error).toMatch(/timed out/);
    // Due by backoff at +30 s, but still held by the claim until +60 s.
    const ok = flakyMailer(0);
    expect((await drainOutbox({ db: h.db, mailer: ok.mailer }, handlers, { now: () => at(45_000) })).sent).toBe(0);
    expect((await drainOutbox({ db: h.db, mailer: ok.mailer }, handlers, { now: () => at(60_001) })).sent).toBe(1);
  });
});

describe('mail outbox over SMTP', () => {
  let refuse = true;
  const smtp = useSmtpServer({ refusal: () => (refuse ? Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }) : undefined) });
  const received = smtp.received;

  it('delays an alert mail while the SMTP server refuses it, then delivers it once', async () => {
    const h = await createHarness({ SMTP_URL: smtp.url });
    try {
      const mailer = createMailer({ smtpUrl: h.config.smtpUrl, from: h.config.mailFrom, outboxDir: h.config.outboxDir, logger: pino({ level: 'silent' }) });
      const member = await h.createUser({ username: 'smtpalert' });
      await addAlert(h, member, { query: 'robot vacuum' });
      const dealId = await pendingDeal(h, { title: 'Roborock robot vacuum S8', price_pence: 29900, original_price_pence: 49900 });
      await activate(h, dealId);
      const start = Date.now();
      const drain = (ms: number) => drainOutbox({ db: h.db, mailer }, alertMailHandlers(h.app.deps), { now: () => new Date(start + ms) });

      expect((await drain(1000)).failed).toBe(1);
      const failed = await h.db.kysely.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(failed.sent_at).toBeNull();
      expect(failed.last_error).toMatch(/451|busy/i);
      expect(received).toHaveLength(0);

      refuse = false;
      expect((await drain(5000)).sent).toBe(0); // backoff: not due yet
      expect((await drain(1000 + backoffMs(1))).sent).toBe(1);
      expect(received).toHaveLength(1);
      const raw = received[0].raw.replace(/\r?\n\s+/g, ' ');
      expect(raw).toContain(`To: ${member.email}`);
      expect(raw).toMatch(/^Subject: \S/m); // MIME-encoded: the subject has an en dash before the price
      expect(raw.replace(/=\r?\n/g, '')).toContain('Roborock robot vacuum S8');
      expect(raw).toMatch(/List-Unsubscribe: <http:\/\/localhost:3000\/api\/alerts\/unsubscribe\?token=\d+\.[A-Za-z0-9_-]{22}>/);
      expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(raw).toContain('Content-Type: text/plain');
      expect(raw).toContain('Content-Type: text/html');
      expect(await drain(3_600_000)).toEqual({ sent: 0, failed: 0, skipped: 0, gaveUp: 0 });
      expect(received).toHaveLength(1);
    } finally {
      await h.close();
    }
  });
});
