import { expect, type Page, test } from './support/test.js';
import type { Deal } from '../src/shared/schemas/deals/deals.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { call, createMember, login, type Member, postDeal, vote } from './support/seed-api.js';

/**
 * Trust in the feed (docs/notes/trust.md) end to end: a member reports a deal from its page; three members' "expired" reports
 * expire it; a moderator answers the report queue; an admin voids a vote in the Votes panel and the temperature drops;
 * /moderation shows all of it to everyone.
 */
test.describe.configure({ mode: 'serial' });

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random().toString(36).slice(2, 7);
const DEMO_PASSWORD = 'Demo-Passw0rd';
const VOID_REASON = `Vote ring check ${run}`;
const DELETE_REASON = `Advert, not a deal ${run}`;

let adminToken: string;
let modToken: string;
let poster: Member;
const reporters: Member[] = [];
let reported: Deal;
let spammy: Deal;
let voted: Deal;

const withToken = (page: Page, token: string) => page.addInitScript((t) => localStorage.setItem('token', t), token);
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.beforeAll(async () => {
  adminToken = (await login(BASE, ADMIN.username, ADMIN.password)).token;
  modToken = (await login(BASE, 'quidsin_mod', DEMO_PASSWORD)).token;
  poster = await createMember(BASE, dataDir(), 'tpost');
  for (const prefix of ['rep1', 'rep2', 'rep3']) reporters.push(await createMember(BASE, dataDir(), prefix));
  const seed = { price: 39.99, originalPrice: 79.99, categoryId: 1, storeId: 42 };
  reported = await postDeal(BASE, poster.token, { ...seed, title: `Reported soundbar ${run}` });
  spammy = await postDeal(BASE, poster.token, { ...seed, title: `Spammy earbuds ${run}` });
  voted = await postDeal(BASE, poster.token, { ...seed, title: `Voted smartwatch ${run}` });
  for (const d of [reported, spammy, voted]) await call(BASE, 'POST', `/admin/deals/${d.id}/activate`, { token: adminToken, body: {} });
});

test('a member reports a deal from its page; three "expired" reports expire it', async ({ page }) => {
  const [first, second, third] = reporters;
  // Not offered to the owner.
  await withToken(page, poster.token);
  await page.goto(`/dealDetail/${reported.id}`);
  await expect(page.getByRole('heading', { level: 1, name: reported.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);

  const other = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1280, height: 800 } });
  const member = await other.newPage();
  await withToken(member, first.token);
  await member.goto(`/dealDetail/${reported.id}`);
  await member.getByRole('button', { name: 'Report' }).click();
  const dialog = member.getByRole('dialog', { name: 'Report this deal' });
  await expect(dialog.getByRole('radio')).toHaveCount(5);
  await dialog.getByLabel('Something else').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please tell us what is wrong with this deal')).toBeVisible();
  await dialog.getByLabel('Deal has expired').check();
  await expect(dialog.getByText('Please tell us what is wrong with this deal')).toHaveCount(0);
  await dialog.getByLabel(/^Note/).fill('The shop says sold out');
  await screenshots(member, 'trust-report-dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(member, 'Thanks, the team will take a look')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // One open report per member per deal: the server's words.
  await member.getByRole('button', { name: 'Report' }).click();
  await dialog.getByLabel('Spam or advertising').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(member, 'You have already reported this deal')).toBeVisible();
  await other.close();

  // Two more members say it has expired: the third report expires it.
  expect((await call(BASE, 'POST', `/deals/${reported.id}/reports`, { token: second.token, body: { reason: 'expired' } })).dealExpired).toBe(false);
  expect((await call(BASE, 'POST', `/deals/${reported.id}/reports`, { token: third.token, body: { reason: 'expired' } })).dealExpired).toBe(true);
  await page.goto(`/dealDetail/${reported.id}`);
  await expect(page.getByText('Expired', { exact: true }).first()).toBeVisible();
  expect((await call<Deal>(BASE, 'GET', `/deals/${reported.id}`)).status).toBe('expired');
});

test('a moderator answers the report queue: sidebar badge, delete with confirmation, the resolved tab', async ({ page }) => {
  const [first, second] = reporters;
  await call(BASE, 'POST', `/deals/${spammy.id}/reports`, { token: first.token, body: { reason: 'spam' } });
  await call(BASE, 'POST', `/deals/${spammy.id}/reports`, { token: second.token, body: { reason: 'other', note: `Links to a shady site ${run}` } });

  await withToken(page, modToken);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
  // Moderators see the one back-office screen they may use.
  await expect(sidebar.getByRole('link', { name: /Reports/ })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByTestId('badge-reports')).not.toHaveText('0');
  const badgeBefore = Number(await page.getByTestId('badge-reports').textContent());

  const item = page.getByTestId('report-item').filter({ hasText: spammy.title });
  await expect(item).toBeVisible();
  await expect(item.getByRole('list', { name: 'Reports by reason' })).toContainText('Spam × 1');
  await expect(item.getByRole('list', { name: 'Reports by reason' })).toContainText('Other × 1');
  await expect(item).toContainText(`Links to a shady site ${run}`);
  await expect(item).toContainText(second.username);
  await screenshots(page, 'trust-admin-reports-open');

  await item.getByLabel(/^Reason/).fill(DELETE_REASON);
  await item.getByRole('button', { name: 'Delete deal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this deal?' });
  await expect(confirm.getByText('An admin can reinstate it')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete deal' }).click();
  await expect(toast(page, 'Deal deleted and its reports resolved')).toBeVisible();
  await expect(page.getByTestId('report-item').filter({ hasText: spammy.title })).toHaveCount(0);
  await expect(page.getByTestId('badge-reports')).toHaveText(String(badgeBefore - 1));
  expect((await call<Deal>(BASE, 'GET', `/admin/deals/${spammy.id}`, { token: adminToken })).status).toBe('deleted');

  await page.getByRole('button', { name: 'Resolved' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?status=resolved$/);
  const resolved = page.getByTestId('report-item').filter({ hasText: spammy.title });
  await expect(resolved.getByTestId('report-resolution')).toContainText('Deal deleted by quidsin_mod');
  // The community's expiry closed the first deal's expired reports without the team.
  await expect(page.getByTestId('report-item').filter({ hasText: reported.title }).getByTestId('report-resolution')).toContainText(
    'Deal expired without the team',
  );
  await screenshots(page, 'trust-admin-reports-resolved');

  // The rest of the back office stays admins' only: a moderator there is shown their own screens instead.
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Back office' })).toBeVisible();
  await expect(page.getByTestId('user-row')).toHaveCount(0);
});

test('the Votes panel voids a vote and the temperature drops', async ({ page }) => {
  for (const username of ['bargain_bex', 'dealhunter_sam']) {
    const voter = await login(BASE, username, DEMO_PASSWORD);
    await vote(BASE, voter.token, voted.id, 1);
  }
  await vote(BASE, reporters[0].token, voted.id, 1);

  await withToken(page, adminToken);
  await page.goto(`/admin/deals/edit/${voted.id}`);
  const panel = page.getByTestId('votes-panel');
  await expect(panel.getByRole('heading', { name: 'Votes' })).toBeVisible();
  await expect(panel.getByTestId('vote-row')).toHaveCount(3);
  const before = Number((await panel.getByTestId('votes-temperature').textContent())?.replace('°', ''));
  expect(before).toBeGreaterThan(0);
  await panel.scrollIntoViewIfNeeded();
  await screenshots(page, 'trust-admin-votes-panel');

  await panel.getByRole('checkbox', { name: 'Select the hot vote by bargain_bex' }).check();
  await panel.getByRole('button', { name: 'Void selected votes (1)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Void 1 vote?' });
  await confirm.getByLabel(/^Reason/).fill(VOID_REASON);
  await confirm.getByRole('button', { name: 'Void votes' }).click();
  await expect(toast(page, /1 vote voided/)).toBeVisible();
  await expect(panel.getByTestId('vote-row')).toHaveCount(2);
  await expect(panel.getByTestId('votes-temperature')).toHaveText(`${before - 1}°`);
  expect((await call<Deal>(BASE, 'GET', `/deals/${voted.id}`)).temperature).toBe(before - 1);
});

test('/moderation shows the actions to everyone, without what is private', async ({ page }) => {
  await page.goto('/moderation');
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation log' })).toBeVisible();
  const entries = page.getByTestId('log-entry');

  const voided = entries.filter({ hasText: VOID_REASON });
  await expect(voided).toContainText('votes voided');
  await expect(voided).toContainText('admin (admin)');
  await expect(voided.getByRole('link', { name: voted.title })).toHaveAttribute('href', `/dealDetail/${voted.id}`);

  const expired = entries.filter({ hasText: 'Expired after member reports' }).filter({ hasText: reported.title });
  await expect(expired).toContainText('the community (member reports)');

  // The deleted deal is no longer public: "a deal", never its title; the moderator's public reason is shown.
  const deleted = entries.filter({ hasText: DELETE_REASON });
  await expect(deleted.first()).toContainText('quidsin_mod (moderator)');
  await expect(deleted.first()).toContainText('A deal');
  await expect(page.getByText(spammy.title)).toHaveCount(0);
  // Member notes stay with the team.
  await expect(page.getByText(`Links to a shady site ${run}`)).toHaveCount(0);
  await screenshots(page, 'trust-moderation-log');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(entries.first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/trust-moderation-log-dark-desktop.png' });
});
