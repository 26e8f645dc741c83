import { type ChildProcess, spawn } from 'node:child_process';
import type { CDPSession } from '@playwright/test';
import { E2E_PORT, E2E_PUSH_PORT } from '../playwright.config.js';
import type { Deal } from '../src/shared/schemas/deals/deals.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { call, createMember, login, type Member, postDeal } from './support/seed-api.js';
import { expect, type Page, test } from './support/test.js';

/**
 * Web push and the installable site (docs/notes/notifications.md "Push", "Installable site"), in Chromium:
 * - the manifest is served and valid, its icons load at the sizes it names;
 * - the service worker registers and controls the page, and a navigation that fails offline gets the offline page;
 * - the push journey: Chromium cannot reach a real push service here, so PushManager.subscribe is stubbed to hand back a
 *   subscription the test made at the local mock push service (web-push-testing) with the site's VAPID key. The member
 *   turns notifications on in their settings, another member replies, the mock receives the encrypted, VAPID-signed
 *   push and decrypts it; the same message delivered to the service worker (DevTools' ServiceWorker.deliverPushMessage)
 *   shows a notification. Screenshots of the settings at 1280 and 390 px, light and dark: test-results/screens/push-*.png.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
const mockBase = `http://127.0.0.1:${E2E_PUSH_PORT}`;
const run = Math.random().toString(36).slice(2, 7);

let mock: ChildProcess | undefined;
let poster: Member;
let replier: Member;
let deal: Deal;
let question: { id: number };

const asMember = (page: Page, m: Member) => page.addInitScript((token) => localStorage.setItem('token', token), m.token);
const mockPost = async (path: string, body: unknown) => {
  const res = await fetch(`${mockBase}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  expect(res.ok, `${path}: ${text}`).toBe(true);
  return text.startsWith('{') ? JSON.parse(text) : null;
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The mock push service in a process of its own on loopback (its endpoints name 127.0.0.1, which the server is
  // allowed to reach through SAFE_FETCH_ALLOW, playwright.config.ts), ended by its pid in afterAll.
  const script = `
    const Server = require('web-push-testing/src/server.js');
    const { PushApiModel } = require('web-push-testing/src/PushApiModel.js');
    const model = new PushApiModel();
    const server = new Server(model, ${E2E_PUSH_PORT});
    model.notifyUrl = 'http://127.0.0.1:${E2E_PUSH_PORT}/notify/';
    server._app.listen(${E2E_PUSH_PORT}, '127.0.0.1', () => console.log('ready'));
    server.setRequestHandlers();`;
  mock = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    mock?.stdout?.once('data', () => resolve());
    mock?.once('exit', (code) => reject(new Error(`the mock push service exited (${code})`)));
  });

  const admin = await login(base, ADMIN.username, ADMIN.password);
  poster = await createMember(base, dataDir(), 'ppo');
  replier = await createMember(base, dataDir(), 'pre');
  deal = await postDeal(base, poster.token, { title: `Dyson V15 cordless vacuum ${run}`, price: 449, originalPrice: 599.99, categoryId: 4, storeId: 3 });
  await call(base, 'POST', `/admin/deals/${deal.id}/activate`, { token: admin.token, body: {} });
  const asked = await call(base, 'POST', '/comments', {
    token: poster.token,
    body: { dealId: deal.id, text: `Does it come with the hair screw tool? ${run}` },
  });
  question = asked.comment ?? asked;
});

test.afterAll(() => {
  if (mock?.pid) process.kill(mock.pid);
});

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the manifest is served and valid, linked from every page with the theme colours; its icons load at their sizes', async ({ request }) => {
  const html = await (await request.get('/dealsBrowse')).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  expect(html).toContain('<meta name="theme-color" content="#059669" media="(prefers-color-scheme: light)" />');
  expect(html).toContain('<meta name="theme-color" content="#0f172b" media="(prefers-color-scheme: dark)" />');

  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    id: '/',
    name: 'QuidsIn — UK deals, voted by the community',
    short_name: 'QuidsIn',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#059669',
    background_color: '#f8fafc',
  });
  const sizes = new Set<string>();
  for (const icon of manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>) {
    const got = await request.get(icon.src);
    expect(got.status(), icon.src).toBe(200);
    expect(got.headers()['content-type']).toBe(icon.type);
    expect(pngSize(await got.body()), icon.src).toBe(icon.sizes);
    if (icon.purpose.split(' ').includes('any')) sizes.add(icon.sizes);
  }
  expect([...sizes].sort()).toEqual(['192x192', '512x512']);
});

test('the service worker registers and controls the page; offline, a page load gets the offline page and the API is never answered from a cache', async ({
  page,
  context,
}) => {
  const sw = await context.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);

  await page.goto('/');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${base}/`);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${base}/sw.js`);

  await context.setOffline(true);
  try {
    await page.goto(`/dealDetail/${deal.id}`);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page).toHaveTitle('You are offline — QuidsIn');
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    await screenshots(page, 'push-offline');
  } finally {
    await context.setOffline(false);
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Dyson V15 cordless vacuum/ })).toBeVisible();
});

/** The service worker's registration id, as DevTools names it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${base}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('turn on notifications on this device; a reply is pushed through the mock push service and shown by the service worker; remove the device', async ({
  page,
  context,
}) => {
  const { publicKey } = await call(base, 'GET', '/notifications/push/public-key', { token: poster.token });
  const subscription = (await mockPost('/subscribe', { userVisibleOnly: 'true', applicationServerKey: publicKey })).data as {
    endpoint: string;
    keys: { p256dh: string; auth: string };
    clientHash: string;
  };
  await context.grantPermissions(['notifications'], { origin: base });
  await asMember(page, poster);
  // The browser's push service is out of reach here: subscribe() hands back the mock's subscription, and records the
  // options the page asked with.
  await page.addInitScript(
    ({ sub }) => {
      const fake = {
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => true,
      };
      let current: typeof fake | null = null;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        (window as unknown as { subscribedWith: unknown }).subscribedWith = options;
        current = fake;
        return fake as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => current as unknown as PushSubscription | null;
    },
    { sub: subscription },
  );

  await page.goto('/user/profile#notifications');
  const turnOn = page.getByRole('button', { name: 'Turn on notifications on this device' });
  await turnOn.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Notifications are on for this device.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { subscribedWith: unknown }).subscribedWith)).toEqual({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  const devices = page.getByRole('list', { name: 'Devices with notifications on' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).toContainText('Chrome on Windows'); // Playwright's Desktop Chrome user agent
  await expect(devices).toContainText('This device');
  await expect(devices).toContainText('not notified yet');
  // With a device, push is chosen per type in the table.
  await expect(page.getByRole('checkbox', { name: 'Replies to your comments: on devices' })).toBeChecked();
  await screenshots(page, 'push-settings');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await screenshots(page, 'push-settings-dark');
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.emulateMedia({ colorScheme: 'light' });

  // Another member replies: the server pushes it, encrypted and VAPID-signed, to the mock, which decrypts it.
  const replyText = `Yes, it is in the box ${run}`;
  await call(base, 'POST', '/comments', { token: replier.token, body: { dealId: deal.id, text: replyText, parentId: question.id } });
  let messages: string[] = [];
  await expect
    .poll(
      async () => {
        messages = (await mockPost('/get-notifications', { clientHash: subscription.clientHash })).data.messages;
        return messages.length;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  const pushed = JSON.parse(messages[0]);
  expect(pushed).toMatchObject({
    title: 'QuidsIn',
    body: `${replier.username} replied to your comment on “Dyson V15 cordless vacuum ${run}”`,
    url: expect.stringMatching(new RegExp(`^/dealDetail/${deal.id}#comment-\\d+$`)),
    tag: expect.stringMatching(/^notification-\d+$/),
    icon: '/icons/icon-192.png',
  });
  await page.reload();
  await expect(devices).toContainText('last notified');

  // The same message delivered to the service worker shows a notification with the tag, text and link.
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: id, data: messages[0] });
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })),
        ),
      { timeout: 10_000 },
    )
    .toEqual([{ title: 'QuidsIn', body: pushed.body, tag: pushed.tag, url: pushed.url }]);

  // Remove: the list empties and the button is back.
  await devices.getByRole('button', { name: 'Remove Chrome on Windows (this device)' }).click();
  await expect(page.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
  await expect(devices).toHaveCount(0);
  expect((await call(base, 'GET', '/notifications/push/devices', { token: poster.token })).devices).toEqual([]);
});

test('a browser without push support, and one where notifications are blocked, are told so', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await asMember(page, poster);
  await page.addInitScript(() => {
    delete (window as unknown as { PushManager?: unknown }).PushManager;
  });
  await page.goto('/user/profile#notifications');
  await expect(page.getByText('This browser cannot receive push notifications.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn on notifications on this device' })).toHaveCount(0);
  await context.close();

  const blocked = await browser.newContext();
  const p2 = await blocked.newPage();
  await asMember(p2, poster);
  await p2.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
  await p2.goto('/user/profile#notifications');
  await expect(p2.getByText('Notifications are blocked for QuidsIn in this browser.')).toBeVisible();
  await blocked.close();
});
