import { expect, type Page, test } from './support/test.js';
import { expectAccessible } from './support/axe.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { call, createMember, login, postDeal } from './support/seed-api.js';

// The package types its ESM default export as CommonJS; at runtime the ESM build hands over the class itself.

/**
 * Forgiving search on the browse page (docs/notes/search.md): a typo is searched as its near spelling with a way back,
 * an empty search offers its filters to drop with the deals each would give, and an alert for the search, prefilled.
 * The typo uses the demo data's Samsung deals; the rest a word unique to this run, so other journeys never interfere.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
const word = `srch${Math.random().toString(36).slice(2, 7).replace(/\d/g, 'q')}`;

test.beforeAll(async () => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
  // Samsung's own shop, for the suggestions (the demo files its Samsung deals under Currys and Amazon).
  const stores = await call<Array<{ name: string }>>(base, 'GET', '/stores');
  if (!stores.some((s) => s.name === 'Samsung')) {
    await call(base, 'POST', '/stores', { token: admin.token, body: { name: 'Samsung', url: 'https://www.samsung.com/uk' } });
  }
  // Two deals of the run's word, neither under £20: a search for it under £20 finds nothing.
  await postDeal(base, admin.token, { title: `${word} Stainless Kettle`, price: 35, originalPrice: 50, categoryId: 4, storeId: 2, status: 'active' });
  await postDeal(base, admin.token, { title: `${word} Glass Kettle`, price: 45, originalPrice: 60, categoryId: 4, storeId: 3, status: 'active' });
});

test('"samsnug" shows the corrected results, with a link to search as typed', async ({ page }) => {
  await page.goto('/dealsBrowse?search=samsnug');
  const note = page.getByTestId('near-spelling');
  await expect(note).toContainText('Showing results for samsung');
  await expect(page.locator('article h3').first()).toContainText(/Samsung/i);
  await note.getByRole('link', { name: 'samsnug' }).click();
  await expect(page).toHaveURL(/[?&]search=samsnug(&.*)?&exact=true/);
  await expect(page.getByTestId('near-spelling')).toHaveCount(0);
  await expect(page.getByTestId('browse-empty')).toBeVisible();
});

test("an empty search's Remove link lands on the results it counted", async ({ page }) => {
  await page.goto(`/dealsBrowse?search=${word}&maxPrice=20&sort=hottest`);
  await expect(page.getByTestId('browse-empty')).toBeVisible();
  const remove = page.getByRole('link', { name: "Remove 'Under £20.00' — 2 deals" });
  await expect(remove).toBeVisible();
  await remove.click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('search') === word && !url.searchParams.has('maxPrice') && url.searchParams.get('sort') === 'hottest',
  );
  await expect(page.getByTestId('browse-count')).toHaveText('2 deals');
  await expect(page.getByText(`${word} Glass Kettle`)).toBeVisible();
});

test('the empty page in the dark theme at 390 px', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dealsBrowse?search=${word}&maxPrice=20`);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('relaxations')).toBeVisible();
  await screenshots(page, 'search-empty-dark');
});

test('the alert offer of an empty search leads to the prefilled alert form', async ({ page }) => {
  const member = await createMember(base, dataDir(), 'sa');
  await page.addInitScript((token) => localStorage.setItem('token', token), member.token);
  await page.goto(`/dealsBrowse?search=${word}%20toaster&category=4&maxPrice=20`);
  await expect(page.getByTestId('browse-empty')).toBeVisible();
  await page.getByRole('link', { name: 'Create an alert for this search' }).click();
  await expect(page).toHaveURL(/\/alerts\?query=.+&categoryId=4&maxPrice=20$/);
  await expect(page.getByLabel('Keywords')).toHaveValue(`${word} toaster`);
  await expect(page.getByLabel(/^Category/)).toHaveValue('4');
  await expect(page.getByLabel(/Max(imum)? price/i)).toHaveValue('20');
});

/** The header's search box, once its suggestions have loaded (the combobox sits on the plain box's own input). */
async function headerCombobox(page: Page) {
  const box = page.getByRole('searchbox', { name: 'Search deals' });
  await box.click();
  await expect(page.getByRole('combobox', { name: 'Search deals' })).toBeVisible();
  return page.getByRole('combobox', { name: 'Search deals' });
}

test('typing "sams" suggests the Samsung shop and a Samsung deal; arrows and Enter open the deal', async ({ page }) => {
  await page.goto('/');
  const box = await headerCombobox(page);
  await box.pressSequentially('sams');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('group', { name: 'Shops' }).getByRole('option', { name: 'Samsung', exact: true })).toBeVisible();
  // "sams" also begins Samsonite: the hottest Samsung deal is among the deals.
  const deal = list
    .getByRole('group', { name: 'Deals' })
    .getByRole('option')
    .filter({ hasText: /Samsung/ })
    .first();
  await expect(deal).toBeVisible();
  await expect(page.getByTestId('search-suggestions-status')).toContainText(/\d+ suggestions?\./);
  const dealId = await deal.getAttribute('id');
  const title = (await deal.locator('span').first().textContent()) ?? '';
  // Down through the shop (and the deals before it) to that deal.
  for (let i = 0; i < 15 && (await box.getAttribute('aria-activedescendant')) !== dealId; i++) await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', dealId as string);
  await expect(deal).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/dealDetail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('Escape closes the suggestions and keeps the text; Enter then searches it', async ({ page }) => {
  await page.goto('/');
  const box = await headerCombobox(page);
  await box.pressSequentially('sams');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
  await box.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('sams');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/dealsBrowse\?search=sams/);
  await expect(
    page
      .locator('article h3')
      .filter({ hasText: /Samsung/ })
      .first(),
  ).toBeVisible();
});

test('a search is kept as a recent search on this device, offered again, and can be removed', async ({ page }) => {
  await page.goto('/');
  let box = await headerCombobox(page);
  await box.fill(`${word} kettle`);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/dealsBrowse\?search=/);
  await page.goto('/');
  box = await headerCombobox(page);
  const recent = page.getByRole('group', { name: 'Recent searches' });
  await expect(recent.getByRole('option', { name: `${word} kettle` })).toBeVisible();
  // Chosen, it is searched again.
  await recent.getByRole('option', { name: `${word} kettle` }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dealsBrowse' && url.searchParams.get('search') === `${word} kettle`);
  await expect(page.getByTestId('browse-count')).toHaveText('2 deals');
  // Removed with its cross, it is gone for good.
  await page.goto('/');
  box = await headerCombobox(page);
  await page.getByTestId('remove-recent-search').first().click();
  await expect(page.getByTestId('search-suggestions-status')).toContainText(`Removed ${word} kettle from recent searches.`);
  await expect(page.getByRole('option', { name: `${word} kettle` })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('recentSearches'))).toBeNull();
});

test('suggestions at 390 px span the screen under the header, and a tap opens a shop', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const box = await headerCombobox(page);
  await box.pressSequentially('sams');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(list).toBeVisible();
  const rect = await list.boundingBox();
  expect(rect && rect.x >= 0 && rect.x + rect.width <= 390 && rect.width >= 350).toBe(true);
  await screenshots(page, 'search-suggestions-390');
  await list.getByRole('option', { name: 'Samsung', exact: true }).click();
  await expect(page).toHaveURL(/\/stores\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Samsung');
});

test("browse's own box suggests too, on a phone in the dark theme", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dealsBrowse');
  await page.getByRole('searchbox', { name: 'Search deals by keyword' }).click();
  const box = page.getByRole('combobox', { name: 'Search deals by keyword' });
  await expect(box).toBeVisible();
  await box.pressSequentially('galaxy');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(list.getByRole('option', { name: /Samsung Galaxy/ }).first()).toBeVisible();
  await screenshots(page, 'search-suggestions-browse-dark');
  await box.press('Escape');
  await expect(list).toBeHidden();
});

test('the open suggestions have no serious or critical axe violations', async ({ page }) => {
  await page.goto('/');
  const box = await headerCombobox(page);
  await box.pressSequentially('sams');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
  await box.press('ArrowDown');
  await expectAccessible(page, 'the open suggestions');
});
