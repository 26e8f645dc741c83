import fs from 'node:fs';
import type { Download } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { unzipText } from '../src/server/test/zip.js';
import { ADMIN, dataDir, screenshots, signIn } from './support/app.js';
import { mailLinkFor, mailSubjectsFor } from './support/mail.js';
import { call, createMember, login, type Member, postDeal } from './support/seed-api.js';
import { expect, type Page, test } from './support/test.js';

/**
 * A member's rights over their data in Chromium (docs/notes/data-rights.md): a change of email confirmed from the new
 * address, "Download my data" down to the ZIP's content, "Delete my account", and an administrator's export and deletion
 * from the users screen. Each test makes its own members (random names), so none depends on another.
 */
const BASE = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random().toString(36).slice(2, 7);

let adminToken: string;
let dealId: number;

test.beforeAll(async () => {
  adminToken = (await login(BASE, ADMIN.username, ADMIN.password)).token;
  const poster = await createMember(BASE, dataDir(), 'drp');
  const deal = await postDeal(BASE, poster.token, { title: `Dyson V8 cordless vacuum ${run}`, price: 199, originalPrice: 329.99, categoryId: 1, storeId: 1 });
  await call(BASE, 'POST', `/admin/deals/${deal.id}/activate`, { token: adminToken, body: {} });
  dealId = deal.id;
});

/** A fresh member who has commented on the deal; answers the member and the comment's text. */
async function commenter(prefix: string): Promise<{ member: Member; text: string }> {
  const member = await createMember(BASE, dataDir(), prefix);
  const text = `Bought one last week, suction is great ${prefix} ${Math.random().toString(36).slice(2, 8)}`;
  await call(BASE, 'POST', '/comments', { token: member.token, body: { dealId, text } });
  return { member, text };
}

/** The archive a download event delivered, as its entries' text by name. */
async function archiveOf(download: Download): Promise<Map<string, string>> {
  const file = await download.path();
  return unzipText(fs.readFileSync(file));
}

/** At 390 px the users table scrolls sideways (as every admin table): its far side, where the row actions are. */
async function phoneScreenshotOfActions(page: Page, name: string) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page
    .locator('#admin-main .overflow-x-auto')
    .first()
    .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  fs.mkdirSync('test-results/screens', { recursive: true });
  await page.screenshot({ path: `test-results/screens/${name}-mobile-actions.png` });
  if (original) await page.setViewportSize(original);
}

const entry = (files: Map<string, string>, name: string) => [...files].find(([n]) => n.endsWith(`/${name}`))?.[1];

/** The deal's comments as a visitor sees them: the comment is there, by "deleted member". */
async function expectByDeletedMember(page: Page, text: string) {
  await page.goto(`/dealDetail/${dealId}`);
  const comment = page.getByTestId('comment').filter({ hasText: text });
  await expect(comment).toBeVisible();
  await expect(comment).toContainText('deleted member');
}

test('changing email: the password first, then the link mailed to the new address; the old one is told', async ({ page }) => {
  const member = await createMember(BASE, dataDir(), 'chg');
  const newEmail = `new-${member.username}@example.test`;
  await signIn(page, member.username, member.password);
  await page.goto('/user/profile#account');
  const section = page.getByRole('region', { name: 'Change email' });
  await expect(section).toContainText(`Your email is ${member.email}`);
  await section.getByLabel('New email').fill(newEmail);
  await section.getByLabel('Current password').fill('Not-The-Passw0rd');
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section).toContainText('Password is incorrect');
  await section.getByLabel('Current password').fill(member.password);
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section).toContainText(`We have sent a confirmation link to ${newEmail}`);
  // Nothing moves until the link is opened.
  expect((await call<{ user: { email: string } }>(BASE, 'GET', '/auth/me', { token: member.token })).user.email).toBe(member.email);

  const link = await mailLinkFor(newEmail, '/confirm-email');
  await page.goto(link);
  await expect(page.getByText('Your email address has been changed.')).toBeVisible();
  await expect.poll(() => mailSubjectsFor(member.email), { timeout: 10_000 }).toContain('Your QuidsIn email address was changed');

  await page.goto('/user/profile#account');
  await expect(page.getByRole('region', { name: 'Change email' })).toContainText(`Your email is ${newEmail}`);
});

test('"Download my data": the ZIP holds the README and the member\'s own comment', async ({ page }) => {
  const { member, text } = await commenter('dl');
  await signIn(page, member.username, member.password);
  await page.goto('/user/profile#your-data');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.getByRole('button', { name: 'Download my data' }).click();
  // The job is kicked at once and the list is polled every 3 s while it runs.
  await expect(section.getByTestId('export-status')).toHaveText('Ready', { timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^quidsin-data-${member.id}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const files = await archiveOf(download);
  expect(entry(files, 'README.txt')).toContain('comments.json');
  const comments = JSON.parse(entry(files, 'comments.json') ?? '[]') as Array<{ text: string }>;
  expect(comments.map((c) => c.text)).toContain(text);
  await expect.poll(() => mailSubjectsFor(member.email), { timeout: 10_000 }).toContain('Your QuidsIn data is ready to download');
});

test('deleting the account: password and username typed; the comment stays by "deleted member"; the old session is out', async ({ page, browser }) => {
  const { member, text } = await commenter('del');
  await signIn(page, member.username, member.password);
  await page.goto('/user/profile#account');
  const section = page.getByRole('region', { name: 'Delete my account' });
  const button = section.getByRole('button', { name: 'Delete my account' });
  await section.getByLabel('Password').fill(member.password);
  await section.getByLabel(/Type your username/).fill(member.username.slice(0, -1));
  await expect(button).toBeDisabled();
  await section.getByLabel(/Type your username/).fill(member.username);
  await expect(section.getByLabel("Also remove my comments' text")).not.toBeChecked();
  await button.click();
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page.getByTestId('header-username')).toHaveCount(0);

  // Another session of the member's (the token made at sign-up) is refused too.
  const me = await fetch(`${BASE}/api/auth/me`, { headers: { authorization: `Bearer ${member.token}` } });
  expect(me.status).toBe(401);
  const visitor = await browser.newPage();
  try {
    await expectByDeletedMember(visitor, text);
  } finally {
    await visitor.close();
  }
  // The name is free of the comment: the page shows no link to the old profile.
  await page.goto(`/dealDetail/${dealId}`);
  await expect(page.getByTestId('comment').filter({ hasText: text })).not.toContainText(member.username);
});

test("an administrator exports a member's data and deletes the account with a reason", async ({ page }) => {
  const { member, text } = await commenter('adm');
  const moderator = await createMember(BASE, dataDir(), 'amod');
  await call(BASE, 'PUT', `/admin/users/${moderator.id}/role`, { token: adminToken, body: { role: 'moderator' } });
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/users');

  // Staff are demoted first: the server's refusal is shown in the dialog.
  await page.getByLabel('Search users').fill(moderator.username);
  await page.getByLabel('Search users').press('Enter');
  const modRow = page.getByTestId('user-row').filter({ hasText: moderator.username });
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await modRow.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Reason/).fill('Asked by email');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByTestId('delete-user-error')).toHaveText('Staff accounts must be demoted to member before they can be deleted');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByLabel('Search users').fill(member.username);
  await page.getByLabel('Search users').press('Enter');
  const row = page.getByTestId('user-row').filter({ hasText: member.username });
  await expect(page.getByTestId('user-row')).toHaveCount(1);

  // The export is the administrator's: built in the background, then downloaded from the row.
  await row.getByRole('button', { name: 'Export data' }).click();
  const download = row.getByRole('button', { name: /Download export/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const comments = JSON.parse(entry(await archiveOf(file), 'comments.json') ?? '[]') as Array<{ text: string }>;
  expect(comments.map((c) => c.text)).toContain(text);
  await expect.poll(() => mailSubjectsFor(member.email)).not.toContain(`The data export of ${member.username} is ready`);
  await screenshots(page, 'admin-users-actions');
  await phoneScreenshotOfActions(page, 'admin-users-actions');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await screenshots(page, 'dark-admin-users-actions');
  await phoneScreenshotOfActions(page, 'dark-admin-users-actions');
  await page.emulateMedia({ colorScheme: 'light' });

  // A reason is required.
  await row.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await screenshots(page, 'admin-delete-user-dialog');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshots(page, 'dark-admin-delete-user-dialog');
  await page.emulateMedia({ colorScheme: 'light' });
  const reason = `Asked us by email to close the account ${run}`;
  await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`The account of ${member.username} has been deleted`)).toBeVisible();

  const log = await call<{ entries: Array<{ action: string; reason: string | null; entityId: number }> }>(BASE, 'GET', '/admin/moderation-log?limit=50', {
    token: adminToken,
  });
  expect(log.entries.find((e) => e.action === 'account-delete' && e.entityId === member.id)?.reason).toBe(reason);
  expect((await fetch(`${BASE}/api/auth/me`, { headers: { authorization: `Bearer ${member.token}` } })).status).toBe(401);
  await page.evaluate(() => localStorage.removeItem('token'));
  await expectByDeletedMember(page, text);
});
