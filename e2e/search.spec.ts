import { expect, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { createMember, login, postDeal } from './support/seed-api.js';

/**
 * Forgiving search on the browse page (docs/notes/search.md): a typo is searched as its near spelling with a way back,
 * an empty search offers its filters to drop with the deals each would give, and an alert for the search, prefilled.
 * The typo uses the demo data's Samsung deals; the rest a word unique to this run, so other journeys never interfere.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
const word = `srch${Math.random().toString(36).slice(2, 7).replace(/\d/g, 'q')}`;

test.beforeAll(async () => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
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
