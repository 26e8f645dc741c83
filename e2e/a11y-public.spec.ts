import { expect, type Page, test } from './support/test.js';
import { expectAccessible } from './support/axe.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN } from './support/app.js';
import { login, postDeal } from './support/seed-api.js';

/** axe-core on each public page: no serious or critical violations (WCAG 2.1 AA rules). */

// The package types its ESM default export as CommonJS; at runtime the ESM build hands over the class itself.
const base = `http://127.0.0.1:${E2E_PORT}`;
let dealId: number;

test.beforeAll(async () => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
  const deal = await postDeal(base, admin.token, {
    title: 'Accessible deal: Philips Sonicare toothbrush',
    price: 49.99,
    originalPrice: 99.99,
    categoryId: 18,
    storeId: 7,
    coupon: 'SMILE10',
    status: 'active',
  });
  dealId = deal.id;
});

async function scan(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await expectAccessible(page, path);
}

const PAGES: Array<[name: string, path: () => string, ready: (page: Page) => Promise<void>]> = [
  ['home', () => '/', async (p) => void (await expect(p.getByTestId('row-new-arrivals').getByTestId('deal-card').first()).toBeVisible())],
  ['browse', () => '/dealsBrowse', async (p) => void (await expect(p.getByTestId('deal-card').first()).toBeVisible())],
  ['deal detail', () => `/dealDetail/${dealId}`, async (p) => void (await expect(p.getByRole('heading', { level: 1 })).toBeVisible())],
  ['login', () => '/login', async (p) => void (await expect(p.getByRole('button', { name: /^sign in$/i }).last()).toBeVisible())],
  ['register', () => '/register', async (p) => void (await expect(p.getByLabel('Username')).toBeVisible())],
];

for (const [name, path, ready] of PAGES) {
  test(`${name} has no serious or critical axe violations`, async ({ page }) => {
    await scan(page, path(), ready);
  });
  test(`${name} has no serious or critical axe violations at 390 px`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await scan(page, path(), ready);
  });
}

test('deal detail comments tab and browse filter popup pass too', async ({ page }) => {
  await scan(page, `/dealDetail/${dealId}`, async (p) => {
    await p.getByRole('tab', { name: /Comments/ }).click();
    await expect(p.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  });
  await scan(page, '/dealsBrowse', async (p) => {
    await expect(p.getByTestId('deal-card').first()).toBeVisible();
    await p.getByRole('button', { name: /^Filter/ }).click();
    await expect(p.getByTestId('filter-popup')).toBeVisible();
  });
});
