import { expect, type Page, test } from './support/test.js';
import type { Deal } from '../src/shared/schemas/deals/deals.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { call, createMember, login, type Member, postDeal } from './support/seed-api.js';

/**
 * Acting from any list: votes from cards and list rows, the visitor's sign-in prompt, expired cards, the
 * compact browse grid and list, the phone's filter sheet, and the home page's deals-first order. Every deal here
 * carries a word unique to the run, and the browse assertions search for it.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
const word = `crd${Math.random().toString(36).slice(2, 7)}`;
const T = {
  kettle: `${word} Russell Hobbs kettle`,
  toaster: `${word} Breville toaster`,
  expired: `${word} Expired jigsaw puzzle`,
  own: `${word} Member's own blender`,
};

let member: Member;
let expired: Deal;
let own: Deal;
let kettle: Deal;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const card = (page: Page, title: string) => page.getByTestId('deal-card').filter({ has: page.getByRole('link', { name: title, exact: true }) });
const asMember = (page: Page, m: Member) => page.addInitScript((token) => localStorage.setItem('token', token), m.token);

test.beforeAll(async () => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
  member = await createMember(base, dataDir(), 'card');
  kettle = await postDeal(base, admin.token, { title: T.kettle, price: 24.99, originalPrice: 39.99, categoryId: 4, storeId: 1, status: 'active' });
  await postDeal(base, admin.token, { title: T.toaster, price: 19.99, originalPrice: 29.99, categoryId: 4, storeId: 1, status: 'active' });
  own = await postDeal(base, member.token, { title: T.own, price: 49.99, originalPrice: 69.99, categoryId: 4, storeId: 1 });
  await call(base, 'POST', `/admin/deals/${own.id}/activate`, { token: admin.token, body: {} });
  // A deal voted hot, then ended by the team: HOT must not show on it.
  expired = await postDeal(base, admin.token, { title: T.expired, price: 9.99, originalPrice: 19.99, categoryId: 7, storeId: 1, status: 'active' });
  for (const i of [1, 2])
    await call(base, 'POST', '/votes', { token: (await createMember(base, dataDir(), `cv${i}`)).token, body: { dealId: expired.id, voteType: 1 } });
  const d = await call<Deal>(base, 'GET', `/admin/deals/${expired.id}`, { token: admin.token });
  const body = {
    title: d.title,
    description: d.description,
    price: d.price,
    originalPrice: d.originalPrice,
    url: d.url,
    status: 'expired',
    storeId: d.storeId,
    categoryId: d.categoryId,
    imageUrl: d.imageUrl,
    thumbnailUrl: d.thumbnailUrl,
  };
  expired = await call<Deal>(base, 'PUT', `/admin/deals/${expired.id}`, { token: admin.token, body });
});

test('a visitor who votes from a card gets the sign-in prompt and comes back to the same page', async ({ page }) => {
  await page.goto(`/dealsBrowse?search=${word}`);
  const row = card(page, T.kettle);
  const hot = row.getByRole('button', { name: `Vote hot: ${T.kettle}` });
  await hot.click();
  const prompt = page.getByRole('dialog', { name: 'Log in to vote' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(prompt.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
  // Never an error toast.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await screenshots(page, 'sign-in-prompt');
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await expect(hot).toBeFocused();

  // "Log in" comes back to the same browse page, search included.
  const here = page.url();
  await hot.click();
  await page.getByRole('dialog', { name: 'Log in to vote' }).getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(/username or email/i).fill(member.username);
  await page.getByLabel(/^password/i).fill(member.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(here);
  await expect(page.getByTestId('header-username')).toHaveText(member.username);
});

test('a member votes from a browse card: the temperature changes in place, once', async ({ page }) => {
  await asMember(page, member);
  await page.goto(`/dealsBrowse?search=${word}`);
  const row = card(page, T.kettle);
  const temperature = row.getByTestId('card-temperature');
  await expect(temperature).toHaveText(/0°/);
  const hot = row.getByRole('button', { name: `Vote hot: ${T.kettle}` });
  await hot.click();
  await expect(temperature).toHaveText(/1°/);
  await expect(hot).toHaveAttribute('aria-pressed', 'true');
  await expect(row.getByRole('button', { name: `Vote cold: ${T.kettle}` })).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled, still focusable: pressing it again says why nothing happens.
  await hot.dispatchEvent('click');
  await expect(toast(page, 'You have already voted on this deal')).toBeVisible();
  // Stored: the deal page and a reload agree.
  await page.reload();
  await expect(card(page, T.kettle).getByRole('button', { name: `Vote hot: ${T.kettle}` })).toHaveAttribute('aria-pressed', 'true');
  const fresh = await call<Deal>(base, 'GET', `/deals/${kettle.id}`);
  expect(fresh.temperature).toBe(1);

  // Their own deal: the deal page's answer.
  await card(page, T.own)
    .getByRole('button', { name: `Vote hot: ${T.own}` })
    .click();
  await expect(toast(page, 'You cannot vote on your own deal')).toBeVisible();
  await expect(card(page, T.own).getByTestId('card-temperature')).toHaveText(/0°/);
});

test('browse at 1280 px: four cards a row, compact list rows, the view remembered', async ({ page }) => {
  await page.goto('/dealsBrowse');
  const cards = page.getByTestId('deal-card');
  await expect(cards.nth(4)).toBeVisible();
  const tops = await Promise.all([0, 1, 2, 3].map(async (i) => (await cards.nth(i).boundingBox())!.y));
  expect(new Set(tops.map(Math.round)).size).toBe(1);

  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  for (let i = 0; i < 6; i++) expect((await cards.nth(i).boundingBox())!.height).toBeLessThanOrEqual(160);
  const first = cards.first();
  await expect(first.getByRole('button', { name: /^Vote hot: / })).toBeVisible();
  await expect(first.getByRole('link', { name: /comments? on / })).toBeVisible();
  await expect(first.locator('time')).toHaveText(/(just now|\d+ (min|h|d|wk|mo|yr) ago)$/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'browse-list-compact');
  await page.reload();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Grid view' }).click();

  // Wide screens: the back-to-top button follows the page down in the sidebar's own column, over no control.
  const top = page.getByRole('button', { name: 'Scroll to top' });
  for (const y of [1500, 3000]) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await expect(top).toBeInViewport();
    const box = (await top.boundingBox())!;
    const under = await page.evaluate(
      (b) =>
        [...document.querySelectorAll('main a, main button, main input, main select')]
          .filter((el) => el.getAttribute('aria-label') !== 'Scroll to top')
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.x < b.x + b.width && b.x < r.x + r.width && r.y < b.y + b.height && b.y < r.y + r.height).length,
      box,
    );
    expect(under).toBe(0);
  }
  await page.screenshot({ path: 'test-results/screens/browse-desktop-scrolled.png' });
});

test('an expired deal: greyed, labelled, never HOT, and a secondary shop link instead of the main button', async ({ page }) => {
  await page.goto(`/dealsBrowse?search=${word}&status=expired`);
  const row = card(page, T.expired);
  await expect(row).toHaveAttribute('data-expired', 'true');
  // Voted hot (new accounts' votes count half at first), yet no HOT badge once expired.
  await expect(row.getByTestId('card-temperature')).toHaveText(/[1-9]\d*°/);
  await expect(row).toContainText('Expired');
  await expect(row).not.toContainText('HOT');
  await expect(row.getByRole('link', { name: /^Visit shop \(deal expired\)/ })).toHaveAttribute('href', `/go/${expired.id}`);
  await expect(row.getByRole('link', { name: /^Get deal/ })).toHaveCount(0);
  await screenshots(page, 'card-expired');

  await row.getByRole('link', { name: T.expired, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.expired })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get This Deal' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Visit shop \(deal expired\)/ })).toHaveAttribute('href', `/go/${expired.id}`);
  await expect(page.getByTestId('deal-media')).toContainText('Expired');
  await expect(page.getByTestId('deal-media')).not.toContainText('HOT');
  await screenshots(page, 'deal-expired');
});

test('the comment count on a card opens the deal at its comments', async ({ page }) => {
  await page.goto(`/dealsBrowse?search=${word}`);
  await card(page, T.toaster)
    .getByRole('link', { name: /comments? on / })
    .click();
  await expect(page).toHaveURL(/\/dealDetail\/\d+#comments$/);
  await expect(page.getByRole('tab', { name: /Comments/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Add a comment')).toBeInViewport();
});

/** Controls outside the phone's bottom bar that overlap it on screen. */
const controlsUnderBar = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector('[data-testid="browse-bar"]')!.getBoundingClientRect();
    return [...document.querySelectorAll('main a, main button, main input, main select')]
      .filter((el) => !el.closest('[data-testid="browse-bar"]'))
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0 && r.y < bar.y + bar.height && bar.y < r.y + r.height).length;
  });

test('browse at 390 px: one search box, one Filters button with every filter and the sort, a back-to-top button over nothing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dealsBrowse?search=${word}`);
  await expect(page.getByTestId('deal-card').first()).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Sort:/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Filter/ })).toHaveCount(0);
  const filters = page.getByRole('button', { name: /^(Show|Hide) Filters/ });
  await expect(filters).toHaveCount(1);
  await filters.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  for (const group of ['Sort by', 'Status']) await expect(sheet.getByRole('group', { name: group })).toBeVisible();
  for (const section of ['Categories', 'Price Range', 'Stores', 'Deal Type'])
    await expect(sheet.getByRole('button', { name: section, exact: true })).toBeVisible();
  // Store and category names are readable in full.
  await expect(sheet.getByRole('radio', { name: 'Clothing & Accessories' })).toBeVisible();
  await sheet.getByRole('radio', { name: 'Price: Low to High' }).check();
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('price-asc');
  await page.screenshot({ path: 'test-results/screens/browse-filter-sheet-mobile.png' });
  await sheet.getByRole('button', { name: /^Show \d+ deals?$/ }).click();
  await expect(sheet).toBeHidden();

  // The back-to-top button has its own place in the phone's bottom bar, never floating over a card; at the end of the
  // list the bar settles below the last control.
  await page.goto('/dealsBrowse');
  await expect(page.getByTestId('deal-card').nth(10)).toBeVisible();
  const top = page.getByRole('button', { name: 'Scroll to top' });
  for (const y of [400, 1200, 2600]) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await expect(page.getByTestId('browse-bar').getByRole('button', { name: 'Scroll to top' })).toBeVisible();
  }
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(top).toBeVisible();
  expect(await controlsUnderBar(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 900));
  await page.screenshot({ path: 'test-results/screens/browse-mobile-scrolled.png' });
});

test('home: deals first, one row per deal, the latest deals list and the categories below', async ({ page }) => {
  await page.goto('/');
  const firstCard = page.getByTestId('row-getting-warm').or(page.getByTestId('row-new-arrivals')).getByTestId('deal-card').first();
  await expect(firstCard).toBeVisible();
  expect((await firstCard.boundingBox())!.y).toBeLessThanOrEqual(600);

  const hrefs = async (testId: string) =>
    page
      .getByTestId(testId)
      .getByTestId('deal-card')
      .getByRole('heading')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const latest = page.getByTestId('latest-deals');
  await expect(latest.getByTestId('deal-card').first()).toBeVisible();
  const all = [...(await hrefs('row-getting-warm')), ...(await hrefs('row-new-arrivals')), ...(await hrefs('latest-deals'))];
  expect(new Set(all).size).toBe(all.length);
  expect(await latest.getByTestId('deal-card').count()).toBeLessThanOrEqual(20);
  await expect(latest.getByRole('link', { name: 'More deals' })).toHaveAttribute('href', /^\/dealsBrowse/);

  // Categories come after the deals, still 12 and expandable.
  const grid = page.getByTestId('category-grid');
  await expect(grid.getByRole('link')).toHaveCount(12);
  expect((await grid.boundingBox())!.y).toBeGreaterThan((await latest.boundingBox())!.y);
  await screenshots(page, 'home-deals-first');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const mobileFirst = page.getByTestId('row-getting-warm').or(page.getByTestId('row-new-arrivals')).getByTestId('deal-card').first();
  await expect(mobileFirst).toBeVisible();
  expect((await mobileFirst.boundingBox())!.y).toBeLessThan(844);
});
