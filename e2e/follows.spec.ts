import { expect, type Page, test } from './support/test.js';
import { expectAccessible } from './support/axe.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { call, createMember, login, type Member, postDeal } from './support/seed-api.js';

/**
 * Follows (docs/notes/vouchers-follows.md): a member follows a shop from its page; a deal from that shop goes live
 * (another member posts it, the team approves it); the member's bell shows it without a reload and leads to the deal;
 * the Following tab of browse lists it; the Following page unfollows.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random().toString(36).slice(2, 7);
const STORE = 16; // Lidl, a demo shop.

let fan: Member;
let poster: Member;
const asMember = (page: Page, m: { token: string }) => page.addInitScript((token) => localStorage.setItem('token', token), m.token);

test.beforeAll(async () => {
  fan = await createMember(base, dataDir(), 'ffan');
  poster = await createMember(base, dataDir(), 'fpo');
});

test('a member follows a shop, a deal from it goes live, the bell shows it and the Following tab lists it', async ({ page }) => {
  // Three accessibility checks and screenshots at two widths on a shared machine: more than the default minute.
  test.setTimeout(180_000);
  await asMember(page, fan);
  await page.goto(`/stores/${STORE}`);
  const follow = page.getByTestId('follow-button');
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(follow).toContainText('Following');
  await expectAccessible(page, 'the shop page');

  await page.goto('/');
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // Another member's deal from the shop, approved by the team: it goes live.
  const title = `Lidl Parkside cordless drill ${run}`;
  const deal = await postDeal(base, poster.token, { title, price: 24.99, originalPrice: 39.99, categoryId: 11, storeId: STORE });
  const admin = await login(base, ADMIN.username, ADMIN.password);
  await call(base, 'POST', `/admin/deals/${deal.id}/activate`, { token: admin.token, body: {} });

  await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: 15_000 });
  await page.getByTestId('notification-bell').click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByTestId('notification').first();
  await expect(item).toContainText(`New deal from Lidl: “${title}”`);
  await screenshots(page, 'follows-bell');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/dealDetail/${deal.id}$`));

  // The Following tab of browse lists it.
  await page.goto('/dealsBrowse');
  await page.getByTestId('following-tabs').getByRole('link', { name: 'Following' }).click();
  await expect(page).toHaveURL(/following=1/);
  await expect(page.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await screenshots(page, 'follows-browse-tab');

  // The Following page lists the shop and unfollows it.
  await page.goto('/following');
  const list = page.getByTestId('following-list');
  await expect(list.getByRole('link', { name: 'Lidl' })).toBeVisible();
  await expectAccessible(page, '/following');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, '/following, dark');
  await screenshots(page, 'follows-page-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await list.getByRole('button', { name: 'Unfollow Lidl' }).click();
  await expect(list.getByRole('link', { name: 'Lidl' })).toHaveCount(0);
  await expect(page.getByText("You don't follow anything yet.", { exact: false })).toBeVisible();
});

test('a member follows another member from their page, never themselves', async ({ page }) => {
  await asMember(page, fan);
  await page.goto(`/members/${poster.username}`);
  const follow = page.getByTestId('follow-button');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`/members/${fan.username}`);
  await expect(page.getByTestId('member-header')).toBeVisible();
  await expect(page.getByTestId('follow-button')).toHaveCount(0);
});
