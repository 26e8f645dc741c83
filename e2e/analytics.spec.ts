import http from 'node:http';
import type { Deal } from '../src/shared/schemas/deals/deals.js';
import type { Analytics } from '../src/shared/schemas/admin/analytics.js';
import { E2E_AMAZON_TAG, E2E_FIXTURE_PORT, E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots, signIn } from './support/app.js';
import { call, createMember, login, postDeal } from './support/seed-api.js';
import { expect, test } from './support/test.js';
import { expectAccessible } from './support/axe.js';

/**
 * Outbound clicks and the operator's analytics (docs/notes/analytics.md): a visitor's "Get This Deal" opens the shop
 * in a new tab through /go/{id} with the affiliate tag, and the admin's analytics shows that click and draws its chart.
 * The "shop" is a fixture server on loopback, reached as www.amazon.localhost (Chromium sends *.localhost to
 * loopback), so Amazon UK's tagging applies to it.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
// The package's default export arrives wrapped once more under tsx (as in a11y-public.spec.ts).

const run = Math.random().toString(36).slice(2, 7);
const shopUrl = `http://www.amazon.localhost:${E2E_FIXTURE_PORT}/dp/B0AN${run.toUpperCase()}`;

let shop: http.Server;
const shopHits: string[] = [];
let deal: Deal;
let adminToken: string;

test.beforeAll(async () => {
  shop = http.createServer((req, res) => {
    shopHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Fixture shop</title><h1>Fixture Amazon shop</h1>');
  });
  await new Promise<void>((resolve, reject) => {
    shop.once('error', reject);
    shop.listen(E2E_FIXTURE_PORT, '127.0.0.1', resolve);
  });
  adminToken = (await login(base, ADMIN.username, ADMIN.password)).token;
  deal = await postDeal(base, adminToken, {
    title: `Echo Dot smart speaker ${run}`,
    url: shopUrl,
    price: 21.99,
    originalPrice: 54.99,
    categoryId: 1,
    storeId: 42,
    status: 'active',
  });
});

test.afterAll(async () => {
  shop?.closeAllConnections();
  await new Promise<void>((resolve) => (shop ? shop.close(() => resolve()) : resolve()));
});

test('a visitor clicks Get This Deal, the shop opens tagged in a new tab, and the analytics count the click', async ({ page, context }) => {
  await page.goto(`/dealDetail/${deal.id}`);
  const get = page.getByRole('link', { name: /Get This Deal/ });
  await expect(get).toHaveAttribute('href', `/go/${deal.id}`);
  await expect(get).toHaveAttribute('rel', 'nofollow sponsored noopener');
  await expect(get).toContainText('Amazon UK');
  // A visitor never sees a deal's figures.
  await expect(page.getByTestId('deal-figures')).toHaveCount(0);

  const [tab] = await Promise.all([context.waitForEvent('page'), get.click()]);
  await tab.waitForLoadState();
  await expect(tab.getByRole('heading', { name: 'Fixture Amazon shop' })).toBeVisible();
  const landed = new URL(tab.url());
  expect(landed.host).toBe(`www.amazon.localhost:${E2E_FIXTURE_PORT}`);
  expect(landed.pathname).toBe(new URL(shopUrl).pathname);
  expect(landed.searchParams.get('tag')).toBe(E2E_AMAZON_TAG);
  await tab.close();

  // Counts are written every 5 s (docs/notes/analytics.md): wait for the click to land (the deal's own figures, which
  // its poster, here the admin, is given).
  await expect
    .poll(async () => (await call<Deal>(base, 'GET', `/deals/${deal.id}`, { token: adminToken })).figures?.clicks ?? 0, { timeout: 20_000, intervals: [500] })
    .toBe(1);
  // Today's figures are the running site's own (the demo history ends yesterday): the deal is among today's top deals.
  const today = await call<Analytics>(base, 'GET', '/admin/analytics?period=today', { token: adminToken });
  expect(today.topDeals.find((d) => d.id === deal.id)?.clicks).toBe(1);

  await signIn(page, ADMIN.username, ADMIN.password);
  // The poster (the admin posted it) sees the deal's own figures: the view and the click.
  await page.goto(`/dealDetail/${deal.id}`);
  await expect(page.getByTestId('deal-figures')).toHaveText(/Your deal: [1-9]\d* views?, 1 click$/);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Total Deals: trends in Analytics' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await page.getByText('Today', { exact: true }).click();
  await expect(page).toHaveURL(/period=today/);
  const row = page.getByTestId('top-deals').getByRole('listitem').filter({ hasText: deal.title });
  await expect(row).toContainText('Clicks1');
  await expect(page.getByTestId('figure-clicks').getByTestId('figure-current')).not.toHaveText('0');
  await expect(page.getByRole('table', { name: 'Outbound clicks per day' })).toBeAttached();

  // The chart draws: a canvas with something painted on it.
  await page.getByText('Last 7 days', { exact: true }).click();
  const canvas = page.getByTestId('chart-clicks').locator('canvas');
  await expect(canvas).toBeVisible();
  const painted = await canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
    return { width: c.width, painted: n };
  });
  expect(painted.width).toBeGreaterThan(100);
  expect(painted.painted).toBeGreaterThan(200);

  await expectAccessible(page, 'analytics, light', { bestPractice: false });
  await screenshots(page, 'admin-analytics');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.waitForTimeout(200);
  await expectAccessible(page, 'analytics, dark', { bestPractice: false });
  await screenshots(page, 'admin-analytics-dark');
});

test('a moderator reaches the analytics from the sidebar and sees the deal-level figures only', async ({ page }) => {
  const mod = await createMember(base, dataDir(), 'anmod');
  await call(base, 'PUT', `/admin/users/${mod.id}/role`, { token: adminToken, body: { role: 'moderator' } });
  await signIn(page, mod.username, mod.password);
  await page.goto('/admin/reports');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.locator('section[data-testid^="figure-"]')).toHaveCount(3);
  await expect(page.getByTestId('figure-clicks')).toBeVisible();
  await expect(page.getByTestId('figure-newMembers')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Top deals by clicks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top shops by clicks' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Affiliate-tagged clicks' })).toHaveCount(0);
});

test('the 404 page for a hidden or missing deal, never a redirect', async ({ page }) => {
  for (const id of ['999999999', 'abc', '99999999999']) {
    const res = await page.goto(`/go/${id}`);
    expect(res?.status(), id).toBe(404);
    expect(new URL(page.url()).pathname).toBe(`/go/${id}`);
  }
});
