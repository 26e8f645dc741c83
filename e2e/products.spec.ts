import { expect, type Page, test } from './support/test.js';
import type { Deal } from '../src/shared/schemas/deals/deals.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { call, createMember, login, type Member, pngBuffer, postDeal } from './support/seed-api.js';

/**
 * Product identity in the browser (docs/notes/products.md): the post form warns about a product already posted (and shows the 409 with a link), a deal
 * page shows its product's price history (a lazily loaded chart with a text summary) and the "Lowest price we've
 * seen" badge, so does the cheaper deal's card on the browse page (grid and list), and the team sees "Possible
 * duplicate" on the admin list and edit page.
 *
 * Seeded through the API: two deals of the same product URL at different prices, the second cheaper, both activated by
 * the admin (the second was posted while the first was still pending, so it was flagged rather than refused).
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random().toString(36).slice(2, 7);
const productId = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
const productUrl = `https://www.argos.co.uk/product/${productId}`;

let member: Member;
let first: Deal;
let second: Deal;

const asMember = (page: Page, m: Member) => page.addInitScript((token) => localStorage.setItem('token', token), m.token);

test.beforeAll(async () => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
  member = await createMember(base, dataDir(), 'prd');
  const seed = { categoryId: 1, storeId: 1, url: productUrl };
  first = await postDeal(base, member.token, { ...seed, title: `Bose QuietComfort headphones ${run}`, price: 249.99, originalPrice: 299.99 });
  // The same product from another link shape (tracking, www dropped): a pending repeat is allowed and flagged.
  second = await postDeal(base, member.token, {
    ...seed,
    url: `https://argos.co.uk/product/${productId}/?utm_source=newsletter#reviews`,
    title: `Bose QC headphones cheaper ${run}`,
    price: 199.99,
    originalPrice: 299.99,
  });
  for (const d of [first, second]) await call(base, 'POST', `/admin/deals/${d.id}/activate`, { token: admin.token, body: {} });
});

test('the post form warns about a deal already posted, and a repost is refused with a link to it', async ({ page }) => {
  await asMember(page, member);
  await page.goto('/deals/create');
  const url = page.getByLabel('Deal URL');
  await url.fill(`${productUrl}?gclid=abc123`);
  await url.blur();
  const warning = page.getByTestId('duplicate-warning');
  await expect(warning).toContainText('This deal may already be posted');
  await expect(warning.getByRole('link', { name: new RegExp(`Bose QC headphones cheaper ${run}`) })).toHaveAttribute('href', `/dealDetail/${second.id}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'post-deal-duplicate');

  // Submitting anyway: the server's 409 with a link to the live deal.
  const png = await pngBuffer([30, 64, 175], 80);
  await page.getByLabel('Title').fill(`Bose headphones again ${run}`);
  await page.getByLabel('Description').fill('Same headphones, posted again.');
  await page.getByLabel('Price (£)', { exact: true }).fill('189.99');
  await page.getByLabel('Original price (£)').fill('299.99');
  await page.getByLabel('Category').selectOption('1');
  await page.getByLabel('Store').selectOption('1');
  await page.locator('input[type=file]').setInputFiles({ name: 'bose.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Submit Deal' }).click();
  const refusal = page.getByTestId('duplicate-refusal');
  await expect(refusal).toContainText('This deal has already been posted');
  const link = refusal.getByRole('link', { name: 'See the existing deal' });
  await expect(link).toHaveAttribute('href', /^\/dealDetail\/\d+$/);
  expect([first.id, second.id]).toContain(Number((await link.getAttribute('href'))!.split('/').pop()));
  await expect(page).toHaveURL(/\/deals\/create$/);
});

test('a deal page shows its price history, lazily, with a text summary, and the lowest-price badge', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto(`/dealDetail/${second.id}`);
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
  const history = page.getByRole('region', { name: /Price history/ });
  await expect(history).toBeVisible();
  const summary = history.getByTestId('price-history-summary');
  await expect(summary).toContainText('Lowest £199.99');
  await expect(summary).toContainText('highest £249.99');
  await expect(summary).toContainText(/\d+ prices seen in the last 12 months/);
  await expect(summary).toContainText("This is the lowest price we've seen.");
  await expect(page.getByTestId('lowest-price-badge')).toHaveText("Lowest price we've seen");
  // The chart is its own chunk, fetched after the page's first load.
  expect(scripts.some((u) => /PriceHistoryChart-[\w-]+\.js$/.test(u))).toBe(true);
  await history.scrollIntoViewIfNeeded();
  await screenshots(page, 'deal-price-history');

  // At 390 px the chart and its labels stay inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await history.scrollIntoViewIfNeeded();
  const box = (await history.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await history.screenshot({ path: 'test-results/screens/price-history-390.png' });

  // The dearer deal of the same product: the history, but no badge.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/dealDetail/${first.id}`);
  await expect(page.getByRole('region', { name: /Price history/ }).getByTestId('price-history-summary')).toContainText('above the lowest');
  await expect(page.getByTestId('lowest-price-badge')).toHaveCount(0);
});

test('the browse card of the cheaper deal shows the lowest-price badge, grid and list, at 390 px and dark', async ({ page }) => {
  await page.goto(`/deals?search=${run}`);
  const card = (d: Deal) => page.getByTestId('deal-card').filter({ has: page.getByRole('link', { name: d.title, exact: true }) });
  await expect(card(second)).toHaveCount(1);
  await expect(card(first)).toHaveCount(1);
  await expect(card(second).getByTestId('card-lowest-price-badge')).toHaveText("Lowest price we've seen");
  await expect(card(first).getByTestId('card-lowest-price-badge')).toHaveCount(0);

  // The compact list row, at phone width: the badge stays inside the card.
  await page.getByRole('button', { name: 'List view' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  const badge = card(second).getByTestId('card-lowest-price-badge');
  await expect(badge).toBeVisible();
  const [b, c] = [(await badge.boundingBox())!, (await card(second).boundingBox())!];
  expect(b.x).toBeGreaterThanOrEqual(c.x);
  expect(b.x + b.width).toBeLessThanOrEqual(c.x + c.width);
  await card(second).screenshot({ path: 'test-results/screens/card-lowest-price-390.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await card(second).screenshot({ path: 'test-results/screens/card-lowest-price-390-dark.png' });
});

test('the team sees "Possible duplicate" on the admin deals list and edit page', async ({ page }) => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
  await page.addInitScript((token) => localStorage.setItem('token', token), admin.token);
  await page.goto(`/admin/deals?search=${encodeURIComponent(`cheaper ${run}`)}`);
  const row = page.getByTestId('admin-deal-row').filter({ hasText: second.title });
  const badge = row.getByRole('link', { name: `Possible duplicate of deal #${first.id}` });
  await expect(badge).toHaveAttribute('href', `/admin/deals/edit/${first.id}`);
  await page.goto(`/admin/deals/edit/${second.id}`);
  await expect(page.getByRole('link', { name: `Possible duplicate of deal #${first.id}` })).toBeVisible();
  await screenshots(page, 'admin-edit-duplicate');
});
