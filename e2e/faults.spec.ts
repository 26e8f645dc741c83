import { E2E_PORT } from '../playwright.config.js';
import { dataDir, openAccountMenu, screenshots, signIn, verificationLinkFor } from './support/app.js';
import { call, createMember, type Member } from './support/seed-api.js';
import { expect, type Page, test } from './support/test.js';

/** The faults a regular met in a week of use (docs/notes/posting.md "The faults"), each as the journey that found it. */
const base = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random().toString(36).slice(2, 7);
const DEMO_PASSWORD = 'Demo-Passw0rd';
let member: Member;
let liveDealId: number;

const asMember = (page: Page, token: string) => page.addInitScript((t) => localStorage.setItem('token', t), token);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.beforeAll(async () => {
  member = await createMember(base, dataDir(), 'fault');
  const page = await call<{ deals: Array<{ id: number }> }>(base, 'GET', '/deals?status=active&sort=newest&pageSize=5');
  liveDealId = page.deals[0].id;
});

test('Post a deal: each message clears as soon as its field is valid', async ({ page }) => {
  await asMember(page, member.token);
  await page.goto('/deals/create');
  await page.getByRole('button', { name: 'Submit Deal' }).click();
  for (const message of ['Please select a category', 'Please select a store', 'Title is required'])
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: 'Electronics' });
  await expect(page.getByText('Please select a category', { exact: true })).toHaveCount(0);
  await page.getByLabel('Store').selectOption({ label: 'Argos' });
  await expect(page.getByText('Please select a store', { exact: true })).toHaveCount(0);
  // Typing is enough: no need to leave the field.
  await page.getByLabel('Title').pressSequentially('Kettle');
  await expect(page.getByText('Title is required', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Title')).toBeFocused();
});

test('the verification link lands signed in, with the header saying so', async ({ page }) => {
  const username = `verify_${run}`;
  const email = `${username}@example.test`;
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Sup3rSecret!');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Sup3rSecret!');
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email-sent$/);
  await page.goto(await verificationLinkFor(email));
  await expect(page.getByText('Email verified successfully! You can now log in.')).toBeVisible();
  await expect(page.getByTestId('header-username')).toHaveText(username);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
});

test('a moderator\u2019s screens call only what a moderator may, and /admin shows them their screens', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() === 403) refused.push(res.url());
  });
  await signIn(page, 'quidsin_mod', DEMO_PASSWORD);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Back office' })).toBeVisible();
  const screens = page.getByRole('list', { name: 'Your screens' });
  await expect(screens.getByRole('link', { name: /Reports/ })).toBeVisible();
  await screenshots(page, 'admin-moderator-home');
  await screens.getByRole('link', { name: /Reports/ }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await page.waitForTimeout(500);
  expect(refused).toEqual([]);
});

test('Browse: the Filter button counts what the chips show', async ({ page }) => {
  await page.goto('/dealsBrowse?store=1&minPrice=25&maxPrice=50');
  const chips = page.getByTestId('filter-chips').getByRole('button', { name: /^Remove filter/ });
  await expect(chips).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Filter/ })).toHaveText(/Filter\s*2 active/);
});

async function headerClear(page: Page) {
  await asMember(page, member.token);
  await page.goto(`/dealDetail/${liveDealId}`);
  await page.getByRole('button', { name: /Save Deal|Saved/ }).click();
  const shown = page.locator('[data-sonner-toast]').first();
  await expect(shown).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  const headerBottom = (header?.y ?? 0) + (header?.height ?? 0);
  expect(headerBottom).toBeGreaterThan(0);
  // Once it has slid in, the toast (its close button too) sits below the header.
  await expect.poll(async () => (await shown.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(headerBottom);
  await expect.poll(async () => (await shown.getByRole('button', { name: /close/i }).boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(headerBottom);
  // Post a deal stays clickable while the toast is up.
  await page.getByRole('link', { name: 'Post a deal' }).click();
  await expect(page).toHaveURL(/\/deals\/create$/);
}

test('messages never cover the header\u2019s controls (desktop)', async ({ page }) => {
  await headerClear(page);
});

test('messages never cover the header\u2019s controls (phone)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await headerClear(page);
});

test('Alerts are in the account menu and the phone menu', async ({ page }) => {
  await asMember(page, member.token);
  await page.goto('/user/deals');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/alerts$/);
});

test('a member edits their own comment, which then shows edited', async ({ page }) => {
  await asMember(page, member.token);
  await page.goto(`/dealDetail/${liveDealId}`);
  await page.getByLabel('Add a comment').fill(`Good price ${run}`);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const mine = page.getByTestId('comment').filter({ hasText: `Good price ${run}` });
  await expect(mine).toBeVisible();
  await mine.getByRole('button', { name: 'Edit your comment' }).click();
  await page.getByLabel('Edit your comment').fill(`Good price ${run}, free delivery too`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Comment updated')).toBeVisible();
  const edited = page.getByTestId('comment').filter({ hasText: `Good price ${run}, free delivery too` });
  await expect(edited.getByTestId('comment-edited')).toHaveText('(edited)');
  await page.reload();
  await expect(page.getByTestId('comment').filter({ hasText: `free delivery too` }).getByTestId('comment-edited')).toBeVisible();
  // Someone else's comment has no Edit button.
  await expect(page.getByTestId('comment').filter({ hasNotText: run }).getByRole('button', { name: 'Edit your comment' })).toHaveCount(0);
});

test('Share: the share sheet where the browser has one, else X, WhatsApp, Facebook and email beside Copy link', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
      },
    });
  });
  await page.goto(`/dealDetail/${liveDealId}`);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url)).toBe(`${base}/dealDetail/${liveDealId}`);
  await expect(page.getByRole('group', { name: 'Share this deal' })).toHaveCount(0);

  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await page.getByRole('button', { name: 'Share' }).click();
  const links = page.getByRole('group', { name: 'Share this deal' });
  const url = encodeURIComponent(`${base}/dealDetail/${liveDealId}`);
  await expect(links.getByRole('link', { name: 'X' })).toHaveAttribute(
    'href',
    new RegExp(`^https://x\\.com/intent/post\\?text=.+&url=${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  );
  await expect(links.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  await expect(links.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${url}`);
  await expect(links.getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:\?subject=/);
  await expect(links.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await screenshots(page, 'deal-share-links');
  await page.keyboard.press('Escape');
  await expect(links).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share' })).toBeFocused();
});
