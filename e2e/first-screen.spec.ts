import { expect, type Page, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, signIn } from './support/app.js';
import { createMember, login, postDeal } from './support/seed-api.js';

/**
 * The home page, browse and a deal's page arrive drawn by the server and the browser takes them over (docs/notes/web-performance.md):
 * readable without JavaScript, no hydration error (React reports one as a page error) in a reader's time zone that is
 * not the server's, and the same page for a member once their state has arrived.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
let deal: { id: number; title: string; publishedAt: string | null; createdAt: string };

test.beforeAll(async () => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
  deal = await postDeal(base, admin.token, { title: 'First screen espresso machine', price: 149, originalPrice: 249, status: 'active' });
});

const pageErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
};

test('without JavaScript the three first screens are there: rows, browse cards, the deal', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Getting Warm' })).toBeVisible();
  await expect(page.getByTestId('row-getting-warm').locator('article').first()).toBeVisible();
  await expect(page.getByTestId('row-new-arrivals').locator('article')).toHaveCount(4);
  await page.goto('/dealsBrowse');
  await expect(page.locator('article').first()).toBeVisible();
  await expect(page.getByTestId('browse-count')).toHaveText(/\d+ deals?/);
  await page.goto(`/dealDetail/${deal.id}`);
  await expect(page.getByRole('heading', { level: 1, name: deal.title })).toBeVisible();
  await expect(page.getByText('£149.00').first()).toBeVisible();
  await context.close();
});

test('a search sent from a drawn page before the app has taken it over is a search, not a reload', async ({ browser }) => {
  // Without JavaScript the forms are what a reader has until hydration: the browser submits them itself.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Search deals', { exact: true }).fill('espresso machine');
  await page.getByLabel('Search deals', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/dealsBrowse\?search=espresso\+machine$/);
  await page.goto('/dealsBrowse');
  await page.getByLabel('Search deals by keyword', { exact: true }).fill('espresso');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/dealsBrowse\?search=espresso$/);
  await context.close();
});

test("in a reader's own time zone the pages hydrate without an error, then show the reader's clock", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'America/New_York' });
  const page = await context.newPage();
  const errors = pageErrors(page);

  await page.goto('/');
  // Drawn after hydration: the latest deals, and the links work as the app's own (no page load).
  await expect(page.getByTestId('latest-deals').locator('article').first()).toBeVisible();
  await page.getByRole('link', { name: 'View all Getting Warm' }).click();
  await expect(page).toHaveURL(/sort=getting-warm/);

  await page.goto('/dealsBrowse');
  await expect(page.getByRole('button', { name: 'List view' })).toBeVisible();
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto(`/dealDetail/${deal.id}`);
  const posted = new Date(deal.publishedAt ?? deal.createdAt);
  const ny = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      // en-GB's 12-hour clock counts from 0 (h11); the site writes noon as 12.
      hourCycle: 'h12',
    })
      .formatToParts(posted)
      .map((p) => [p.type, p.value]),
  );
  // The server wrote the UK's clock; after hydration the reader's own is shown.
  await expect(page.getByText(/^Posted /)).toContainText(`${ny.day} ${ny.month} ${ny.year} at ${ny.hour}:${ny.minute} ${ny.dayPeriod.toUpperCase()}`);
  expect(errors).toEqual([]);
  await context.close();
});

test("a member's page is their own: header, no sign-up bar, no error", async ({ page }) => {
  const member = await createMember(base, dataDir(), 'fs');
  const errors = pageErrors(page);
  await signIn(page, member.username, member.password);
  await page.goto('/');
  await expect(page.getByTestId('header-username')).toHaveText(member.username);
  await expect(page.getByTestId('row-getting-warm').locator('article').first()).toBeVisible();
  await expect(page.getByTestId('signup-bar')).toHaveCount(0);
  await page.goto(`/dealDetail/${deal.id}`);
  await expect(page.getByRole('heading', { level: 1, name: deal.title })).toBeVisible();
  await expect(page.getByTestId('header-username')).toHaveText(member.username);
  expect(errors).toEqual([]);
});
