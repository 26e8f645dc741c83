import { expect, type Page, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { call, createMember, login, type Member } from './support/seed-api.js';

/**
 * Voucher codes (docs/notes/vouchers-follows.md): a member shares a code on a shop's page (pending), the team approves
 * it in the back office, another member copies it (the shop opens in a new tab, the code is on the clipboard, the
 * copy is counted) and answers "Worked for me": the success rate moves. Also: a member page shows its badges.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random().toString(36).slice(2, 7).toUpperCase();
const STORE = 9; // AO, a demo shop with a site of its own.

let poster: Member;
let shopper: Member;

const asMember = (page: Page, m: { token: string }) => page.addInitScript((token) => localStorage.setItem('token', token), m.token);

test.beforeAll(async () => {
  poster = await createMember(base, dataDir(), 'vpo');
  shopper = await createMember(base, dataDir(), 'vsh');
});

test('a member posts a voucher, the team approves it, another copies it and says it worked: the rate moves', async ({ browser, page }) => {
  // Three browsers' worth of steps on a shared machine: more than the default minute.
  test.setTimeout(180_000);
  const code = `E2E${run}`;
  const title = `£15 off dishwashers ${run}`;

  // 1. The poster shares it on the shop's page.
  await asMember(page, poster);
  await page.goto(`/stores/${STORE}`);
  await page.getByRole('button', { name: 'Share a voucher' }).click();
  const form = page.getByRole('form', { name: /Share a voucher for/ });
  await form.getByLabel(/^Code/).fill(code);
  await form.getByLabel('What it gives').fill(title);
  await form.getByLabel(/^Conditions/).fill('Selected models only.');
  await form.getByRole('button', { name: 'Post voucher' }).click();
  await expect(page.getByText('Thanks! The team will check your voucher before it goes live.')).toBeVisible();
  // Pending: not on the shop's list yet.
  await expect(page.getByTestId('store-vouchers').getByText(title)).toHaveCount(0);

  // 2. The team approves it in the back office, beside the deals.
  const team = await browser.newContext();
  const admin = await team.newPage();
  const adminSession = await login(base, ADMIN.username, ADMIN.password);
  await asMember(admin, adminSession);
  await admin.goto('/admin/vouchers');
  const item = admin.getByTestId('admin-voucher').filter({ hasText: title });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(admin.getByTestId('admin-voucher').filter({ hasText: title })).toHaveCount(0);
  await team.close();

  // 3. Another member copies it: the code on the clipboard, the shop in a new tab, the copy counted.
  const other = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  // The shop's site stands in for ao.com (no internet here): the new tab's address is what counts.
  await other.route(/^https:\/\/ao\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>AO</title>AO' }));
  const shop = await other.newPage();
  await asMember(shop, shopper);
  await shop.goto(`/stores/${STORE}`);
  const card = shop.getByTestId('voucher').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('voucher-rate')).toHaveText('No answers yet');
  const popup = other.waitForEvent('page');
  await card.getByRole('button', { name: new RegExp(`Copy code ${code}`) }).click();
  const opened = await popup;
  expect(opened.url()).toMatch(/^https:\/\/ao\.com\/?/);
  await opened.close().catch(() => undefined);
  await expect(card.getByRole('button', { name: /Copied!/ })).toBeVisible();
  expect(await shop.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // 4. "Worked for me": the success rate moves to 100%.
  await card.getByRole('button', { name: 'Worked for me' }).click();
  await expect(card.getByTestId('voucher-rate')).toHaveText('100% success');
  await expect(card.getByRole('button', { name: 'Worked for me' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText(/last worked just now/)).toBeVisible();
  await screenshots(shop, 'vouchers-store');
  await other.close();

  // The poster cannot answer their own voucher.
  await page.reload();
  const own = page.getByTestId('voucher').filter({ hasText: title });
  await expect(own).toBeVisible();
  await expect(own.getByRole('button', { name: 'Worked for me' })).toHaveCount(0);
  const v = await call(base, 'GET', `/stores/${STORE}/vouchers`);
  expect(v.vouchers.find((x: { title: string }) => x.title === title)).toMatchObject({ copyCount: 1, successRate: 1, answerCount: 1 });
});

test('/vouchers lists the shops with the most working codes and the newest codes', async ({ page }) => {
  await page.goto('/vouchers');
  await expect(page.getByRole('heading', { level: 1, name: 'Voucher codes' })).toBeVisible();
  await expect(page.getByTestId('voucher-shops').getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('newest-vouchers').getByTestId('voucher').first()).toBeVisible();
  await screenshots(page, 'vouchers-page');
});

test('a member page shows the record and badges, explained on /help', async ({ page }) => {
  // cashback_carl, a demo member, hunts codes: the seed's records give him Voucher Hunter.
  await page.goto('/members/cashback_carl');
  const badges = page.getByTestId('member-badges');
  await expect(badges.getByRole('link', { name: 'Voucher Hunter' })).toBeVisible();
  await expect(page.getByTestId('member-record')).toContainText('Vouchers posted');
  await screenshots(page, 'member-badges');
  await badges.getByRole('link', { name: 'Voucher Hunter' }).click();
  await expect(page).toHaveURL(/\/help#badges$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Badges' })).toBeVisible();
  await expect(page.getByText(/10 or more of their approved vouchers have a success rate of at least 70%/)).toBeVisible();
});
