import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUSH_DEVICES } from '../../../../shared/domain/members/push.js';
import { createHarness, type Harness, type TestUser } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/insert-deal.js';
import { drainPush, MAX_PUSH_ATTEMPTS, prunePushDeliveries, pushBackoffMs, pushKickerOf } from './sender.js';
import { type MockPushService, startMockPushService, startScriptedPushService } from './test-helpers.js';

/**
 * Web push through the API and the sender (docs/notes/notifications.md "Push"), on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL: subscribe validation (the SSRF rules), devices, and delivery against the real mock push service
 * (web-push-testing, which checks the VAPID signature and decrypts) and a scripted one (429, 500, 410, hangs) whose
 * messages the test decrypts itself with the subscription's keys.
 */

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let h: Harness;
let mock: MockPushService;
let scripted: Awaited<ReturnType<typeof startScriptedPushService>>;
let ann: TestUser;
let bex: TestUser;
let cal: TestUser;

beforeAll(async () => {
  mock = await startMockPushService();
  scripted = await startScriptedPushService();
  h = await createHarness({ SAFE_FETCH_ALLOW: `${mock.allow},${scripted.allow}` });
  [ann, bex, cal] = [await h.createUser({ username: 'ann_push' }), await h.createUser({ username: 'bex_push' }), await h.createUser({ username: 'cal_push' })];
});
afterAll(async () => {
  await h?.close();
  await mock?.close();
  await scripted?.close();
});

const subscribe = (u: TestUser, body: unknown, userAgent = ANDROID_CHROME) =>
  h.request({ method: 'POST', url: '/api/notifications/push/devices', token: u.token, payload: body as object, headers: { 'user-agent': userAgent } });
const devices = async (u: TestUser) => {
  const res = await h.request({ method: 'GET', url: '/api/notifications/push/devices', token: u.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.devices as Array<Record<string, unknown>>;
};
const publicKey = async () => (await h.request({ method: 'GET', url: '/api/notifications/push/public-key', token: ann.token })).body.data.publicKey as string;
const comment = async (u: TestUser, dealId: number, text: string, parentId?: number) => {
  const res = await h.request({ method: 'POST', url: '/api/comments', token: u.token, payload: { dealId, text, ...(parentId ? { parentId } : {}) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Number(res.body.data.comment?.id ?? res.body.data.id);
};
/** `to` gets a reply (push on by default): answers the notification's id. */
async function replyTo(to: TestUser, from: TestUser, text = 'Is it still in stock?'): Promise<number> {
  const dealId = await insertDeal(h, { status: 'active', user_id: cal.id });
  const top = await comment(to, dealId, 'Good find');
  await comment(from, dealId, text, top);
  const row = await h.db.kysely
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', to.id)
    .where('type', '=', 'comment.reply')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
const deliveriesOf = (notificationId: number) =>
  h.db.kysely.selectFrom('push_deliveries').selectAll().where('notification_id', '=', notificationId).orderBy('id').execute();
const clearDevices = (u: TestUser) => h.db.kysely.deleteFrom('push_devices').where('user_id', '=', u.id).execute();
const deps = () => ({ db: h.db, config: h.config });

describe('push: the VAPID key and subscribing', () => {
  it('gives members the public key; visitors 401, unverified accounts 403', async () => {
    const res = await h.request({ method: 'GET', url: '/api/notifications/push/public-key', token: ann.token });
    expect(res.status).toBe(200);
    expect(res.body.data.publicKey).toBe(h.config.vapid.publicKey);
    expect(Buffer.from(res.body.data.publicKey, 'base64url')).toHaveLength(65);
    expect((await h.request({ method: 'GET', url: '/api/notifications/push/public-key' })).status).toBe(401);
    const unverified = await h.createUser({ verified: false });
    expect((await h.request({ method: 'GET', url: '/api/notifications/push/public-key', token: unverified.token })).status).toBe(403);
    expect((await h.request({ method: 'POST', url: '/api/notifications/push/devices', token: unverified.token, payload: {} })).status).toBe(403);
  });

  it('refuses endpoints that are not https, malformed, or point at loopback, private or metadata addresses (400), and bad keys', async () => {
    const keys = scripted.subscription().keys;
    const bad = [
      'http://push.example.com/send/1',
      'not a url at all',
      'ftp://push.example.com/x',
      'https://127.0.0.1/push/1',
      'https://localhost/push/1',
      'https://10.0.0.7/push/1',
      'https://192.168.1.20/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push/1',
      'https://[::ffff:127.0.0.1]/push/1',
      'https://[fd00::1]/push/1',
      'https://user:secret@8.8.8.8/push/1',
      'https://metadata.google.internal/push/1',
      `http://127.0.0.1:${scripted.port + 1}/not-allowed`,
    ];
    for (const endpoint of bad) {
      const res = await subscribe(ann, { endpoint, keys });
      expect(res.status, `${endpoint}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body).toMatchObject({ success: false, field: 'endpoint' });
      expect(res.body.error).toMatch(/^endpoint must be the https URL of a push service/);
    }
    const good = { endpoint: 'https://8.8.8.8/push/good', keys };
    for (const body of [
      { endpoint: good.endpoint },
      { ...good, keys: { p256dh: keys.p256dh } },
      { ...good, keys: { p256dh: 'short', auth: keys.auth } },
      { ...good, keys: { p256dh: keys.p256dh, auth: 'not base64url!!' } },
      { ...good, endpoint: `https://8.8.8.8/${'x'.repeat(2100)}` },
      {},
    ]) {
      const res = await subscribe(ann, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    expect(await devices(ann)).toEqual([]);
  });

  it('saves a device named from the user agent; the same endpoint again updates it; lists never show endpoint or keys', async () => {
    const sub = scripted.subscription();
    const first = await subscribe(ann, { ...sub, expirationTime: null });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ name: 'Chrome on Android', lastUsedAt: null });
    const again = await subscribe(ann, sub, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0');
    expect(again.body.data).toMatchObject({ id: first.body.data.id, name: 'Firefox on Windows' });
    const list = await devices(ann);
    expect(list).toEqual([{ id: first.body.data.id, name: 'Firefox on Windows', createdAt: first.body.data.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(list)).not.toContain(sub.keys.auth);
    // A public https endpoint is accepted without contacting it.
    const real = await subscribe(ann, { endpoint: 'https://8.8.8.8/wpush/v2/abc', keys: sub.keys });
    expect(real.status).toBe(200);
    expect(await devices(ann)).toHaveLength(2);
    await clearDevices(ann);
  });

  it("removes only the member's own devices: another member's id is 404 and changes nothing", async () => {
    const mine = (await subscribe(bex, scripted.subscription())).body.data.id;
    const res = await h.request({ method: 'DELETE', url: `/api/notifications/push/devices/${mine}`, token: ann.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Device not found' });
    expect(await devices(bex)).toHaveLength(1);
    expect((await h.request({ method: 'DELETE', url: `/api/notifications/push/devices/${mine}` })).status).toBe(401);
    const gone = await h.request({ method: 'DELETE', url: `/api/notifications/push/devices/${mine}`, token: bex.token });
    expect(gone.body).toEqual({ success: true, data: { id: mine, deleted: true } });
    expect(await devices(bex)).toEqual([]);
    expect((await h.request({ method: 'DELETE', url: '/api/notifications/push/devices/abc', token: bex.token })).status).toBe(400);
  });

  it(`caps a member at ${MAX_PUSH_DEVICES} devices (409), an endpoint they have already still updating`, async () => {
    const now = new Date().toISOString();
    const keys = scripted.subscription().keys;
    await h.db.kysely
      .insertInto('push_devices')
      .values(
        Array.from({ length: MAX_PUSH_DEVICES }, (_, i) => ({
          user_id: cal.id,
          endpoint: `https://8.8.8.8/cap/${i}`,
          ...keys,
          name: 'Chrome on Android',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const over = await subscribe(cal, { endpoint: 'https://8.8.8.8/cap/one-more', keys });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(`You have turned on notifications on ${MAX_PUSH_DEVICES} devices: remove one first`);
    expect((await subscribe(cal, { endpoint: 'https://8.8.8.8/cap/3', keys })).status).toBe(200);
    await clearDevices(cal);
  });
});

describe('push: delivery through the mock push service', () => {
  it('pushes a reply to every device of the member once, encrypted and VAPID-signed, right after the commit', async () => {
    const key = await publicKey();
    const phone = await mock.subscribe(key);
    const laptop = await mock.subscribe(key);
    for (const s of [phone, laptop]) expect((await subscribe(ann, { endpoint: s.endpoint, keys: s.keys })).status).toBe(200);

    const id = await replyTo(ann, bex, 'Still £20 at Argos @ann_push');
    await pushKickerOf(h.db).idle();
    for (const s of [phone, laptop]) {
      const got = (await mock.messages(s.clientHash)).map((m) => JSON.parse(m));
      expect(got).toEqual([
        {
          title: 'QuidsIn',
          body: expect.stringMatching(/^bex_push replied to your comment on “Test deal \d+”$/),
          url: expect.stringMatching(/^\/dealDetail\/\d+#comment-\d+$/),
          tag: `notification-${id}`,
          icon: '/icons/icon-192.png',
          notificationId: id,
        },
      ]);
    }
    const rows = await deliveriesOf(id);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toMatchObject({ attempts: 1, last_error: null, given_up_at: null, claimed_until: null, sent_at: expect.any(String) });
    expect((await devices(ann)).every((d) => typeof d.lastUsedAt === 'string')).toBe(true);

    // Never twice: the job finds nothing left, and the mock still holds one message per device.
    expect(await drainPush(deps())).toEqual({ sent: 0, retried: 0, removed: 0, gaveUp: 0 });
    expect(await mock.messages(phone.clientHash)).toHaveLength(1);
  });

  it('removes a device whose subscription has gone (410), with what waited for it', async () => {
    const [phone] = await Promise.all([mock.subscribe(await publicKey())]);
    await clearDevices(cal);
    expect((await subscribe(cal, { endpoint: phone.endpoint, keys: phone.keys })).status).toBe(200);
    await mock.expire(phone.clientHash);
    const id = await replyTo(cal, bex);
    await pushKickerOf(h.db).idle();
    expect(await devices(cal)).toEqual([]);
    expect(await deliveriesOf(id)).toEqual([]);
  });

  it('pushes only the types the member keeps push on for, and nothing to members without a device', async () => {
    await clearDevices(ann);
    const s = await mock.subscribe(await publicKey());
    await subscribe(ann, { endpoint: s.endpoint, keys: s.keys });
    const off = await h.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      token: ann.token,
      payload: { preferences: { 'comment.reply': { push: false } } },
    });
    expect(off.status).toBe(200);
    const quiet = await replyTo(ann, bex);
    await pushKickerOf(h.db).idle();
    expect(await deliveriesOf(quiet)).toEqual([]);
    expect(await mock.messages(s.clientHash)).toEqual([]);
    await h.request({ method: 'PUT', url: '/api/notifications/preferences', token: ann.token, payload: { preferences: { 'comment.reply': { push: true } } } });
    // deal.comment is off for push by default: Cal's deal gets comments, nothing is pushed to Cal's devices.
    const none = await replyTo(bex, ann);
    expect(await deliveriesOf(none)).toEqual([]);
    await clearDevices(ann);
  });
});

describe('push: retries, give-ups and crashes (scripted push service, payload decrypted by the test)', () => {
  const at = (ms: number) => () => new Date(Date.now() + ms);

  async function armed(): Promise<{ id: number; deviceId: number }> {
    await clearDevices(ann);
    const device = (await subscribe(ann, scripted.subscription())).body.data.id as number;
    await pushKickerOf(h.db).close(); // the kick is off here: the test drives the sender with its own clock
    const id = await replyTo(ann, bex, 'Yes, in stock at Currys');
    return { id, deviceId: device };
  }

  it('retries 429 after its Retry-After and 500 with backoff, then delivers once; the test decrypts what arrived', async () => {
    const { id } = await armed();
    scripted.received.length = 0;
    scripted.answer({ status: 429, headers: { 'retry-after': '120' } }, { status: 500 });

    expect(await drainPush(deps())).toMatchObject({ retried: 1 });
    let [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ attempts: 1, last_error: 'the push service answered HTTP 429', sent_at: null, claimed_until: null });
    const wait = Date.parse(row.next_attempt_at) - Date.now();
    expect(wait).toBeGreaterThan(110_000); // Retry-After (120 s), not the 15 s backoff
    expect(wait).toBeLessThanOrEqual(120_000);

    expect(await drainPush(deps(), { now: at(60_000) })).toMatchObject({ retried: 0, sent: 0 });
    expect(await drainPush(deps(), { now: at(121_000) })).toMatchObject({ retried: 1 });
    [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ attempts: 2, last_error: 'the push service answered HTTP 500' });
    expect(Date.parse(row.next_attempt_at) - Date.now()).toBeGreaterThan(121_000 + pushBackoffMs(2) - 5_000);

    expect(await drainPush(deps(), { now: at(121_000 + pushBackoffMs(2) + 1000) })).toMatchObject({ sent: 1 });
    [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ attempts: 3, sent_at: expect.any(String), last_error: null });
    expect(scripted.received).toHaveLength(3);

    const push = scripted.received[2];
    expect(push.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'normal', topic: `n${id}` });
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${h.config.vapid.publicKey}$`));
    expect(scripted.decrypt(push)).toMatchObject({
      title: 'QuidsIn',
      tag: `notification-${id}`,
      notificationId: id,
      body: expect.stringMatching(/^bex_push replied to your comment/),
    });
    expect(await drainPush(deps(), { now: at(86_400_000) })).toMatchObject({ sent: 0, retried: 0 });
  });

  it(`gives up after ${MAX_PUSH_ATTEMPTS} attempts, and at once on a 4xx that will not change`, async () => {
    const { id } = await armed();
    await h.db.kysely
      .updateTable('push_deliveries')
      .set({ attempts: MAX_PUSH_ATTEMPTS - 1 })
      .where('notification_id', '=', id)
      .execute();
    scripted.answer({ status: 503 });
    expect(await drainPush(deps())).toMatchObject({ gaveUp: 1 });
    expect((await deliveriesOf(id))[0]).toMatchObject({ given_up_at: expect.any(String), sent_at: null });

    const next = await replyTo(ann, bex);
    scripted.answer({ status: 400 });
    expect(await drainPush(deps())).toMatchObject({ gaveUp: 1 });
    expect((await deliveriesOf(next))[0]).toMatchObject({ attempts: 1, given_up_at: expect.any(String), last_error: 'the push service answered HTTP 400' });
  });

  it('counts a push that hangs as failed after the timeout and keeps its claim until it expires', async () => {
    const { id } = await armed();
    scripted.answer('hang');
    expect(await drainPush(deps(), { timeoutMs: 300, claimMs: 60_000 })).toMatchObject({ retried: 1 });
    const [row] = await deliveriesOf(id);
    expect(row.last_error).toMatch(/Timed out|in time/);
    expect(row.claimed_until).not.toBeNull();
    expect(await drainPush(deps(), { now: at(30_000) })).toMatchObject({ sent: 0 }); // due by backoff, still claimed
    expect(await drainPush(deps(), { now: at(61_000) })).toMatchObject({ sent: 1 });
  });

  it("picks up rows after a crash: unsent rows on restart, a dead sender's claim once it expires; two senders never send one row twice", async () => {
    const { id } = await armed();
    // A sender claimed it and died before settling it.
    await h.db.kysely
      .updateTable('push_deliveries')
      .set({ claimed_until: new Date(Date.now() + 30_000).toISOString(), attempts: 1 })
      .where('notification_id', '=', id)
      .execute();
    const second = await replyTo(ann, bex); // written, never kicked: as if the process died after its commit
    scripted.received.length = 0;
    const restarted = { db: h.db, config: h.config }; // a new process's sender
    expect(await drainPush(restarted)).toMatchObject({ sent: 1 });
    expect((await deliveriesOf(second))[0].sent_at).not.toBeNull();
    expect((await deliveriesOf(id))[0].sent_at).toBeNull();
    expect(await drainPush(restarted, { now: at(31_000) })).toMatchObject({ sent: 1 });
    expect((await deliveriesOf(id))[0]).toMatchObject({ attempts: 2, sent_at: expect.any(String) });

    const many = [];
    for (let i = 0; i < 5; i++) many.push(await replyTo(ann, bex, `Reply ${i}`));
    scripted.received.length = 0;
    const reports = await Promise.all([drainPush(restarted, { batchSize: 2 }), drainPush(restarted, { batchSize: 2 }), drainPush(restarted)]);
    expect(reports.reduce((s, r) => s + r.sent, 0)).toBe(5);
    expect(scripted.received).toHaveLength(5);
    expect(new Set(scripted.received.map((p) => (scripted.decrypt(p) as { notificationId: number }).notificationId))).toEqual(new Set(many));
  });

  it('pushes a gathered notification again when it is raised again (same row, same tag), and prunes old finished rows', async () => {
    await clearDevices(cal);
    await subscribe(cal, scripted.subscription());
    await h.request({ method: 'PUT', url: '/api/notifications/preferences', token: cal.token, payload: { preferences: { 'comment.liked': { push: true } } } });
    const dealId = await insertDeal(h, { status: 'active', user_id: ann.id });
    const commentId = await comment(cal, dealId, 'Price matched in store');
    scripted.received.length = 0;
    for (const liker of [ann, bex]) {
      expect((await h.request({ method: 'POST', url: `/api/comments/${commentId}/like`, token: liker.token })).status).toBeLessThan(300);
      expect(await drainPush(deps())).toMatchObject({ sent: 1 });
    }
    const pushed = scripted.received.map((p) => scripted.decrypt(p) as { tag: string; body: string });
    expect(pushed.map((p) => p.tag)).toEqual([pushed[0].tag, pushed[0].tag]);
    expect(pushed[1].body).toMatch(/and 1 other liked your comment/);
    const row = await h.db.kysely
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', cal.id)
      .where('type', '=', 'comment.liked')
      .executeTakeFirstOrThrow();
    expect(await deliveriesOf(Number(row.id))).toHaveLength(1);

    expect(await prunePushDeliveries(h.db)).toBe(0);
    const pruned = await prunePushDeliveries(h.db, Date.now() + 8 * 86_400_000);
    expect(pruned).toBeGreaterThan(0);
    expect(await h.db.kysely.selectFrom('push_deliveries').select('id').where('sent_at', 'is not', null).execute()).toEqual([]);
  });
});
