import { expect, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { screenshots, signIn } from './support/app.js';
import { mailCountFor, mailLinkFor } from './support/mail.js';
import { createMember, login } from './support/seed-api.js';

/**
 * Accounts (docs/notes/web-everyday.md): a password reset from the mailed link signs the account out everywhere; the header's
 * "Post a deal" takes a visitor through /login to the form.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
const NEW_PASSWORD = 'Fresh-Start-Passw0rd';
const SENT = 'If an account exists for that email, we have sent a reset link';
const INVALID = 'This reset link is invalid or has expired';

test('reset a password from the mail: the old session is refused, the new password signs in, the link works once', async ({ page, browser }) => {
  const member = await createMember(base, process.env.E2E_DATA_DIR as string, 'reset_');

  // The session to be ended: signed in through the form in another browser.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, member.username, member.password);
  const oldToken = await other.evaluate(() => localStorage.getItem('token'));
  expect(oldToken).toBeTruthy();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(member.email.toUpperCase());
  await screenshots(page, 'forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(`${SENT}.`);
  await screenshots(page, 'forgot-password-sent');

  const link = await mailLinkFor(member.email, '/reset-password');
  expect(link.startsWith(`${base}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('weakpassword');
  await page.getByLabel('Confirm new password', { exact: true }).click();
  await expect(page.getByText(/must contain at least one uppercase letter/)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await screenshots(page, 'reset-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been reset. Please log in with your new password.')).toBeVisible();

  // Every token issued before the reset is refused.
  const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${oldToken}` } });
  expect(me.status).toBe(401);
  const apiToken = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${member.token}` } });
  expect(apiToken.status).toBe(401);
  // The other browser finds itself signed out on its next visit.
  await other.reload();
  await expect(other.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(other.getByTestId('header-username')).toHaveCount(0);
  expect(await other.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await otherContext.close();

  // The old password no longer works; the new one does.
  await expect(login(base, member.username, member.password)).rejects.toThrow(/401/);
  await page.getByLabel('Username or Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('header-username')).toHaveText(member.username);

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another-Passw0rd');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Another-Passw0rd');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText(INVALID);
  await expect(page.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', '/forgot-password');
  await screenshots(page, 'reset-password-invalid');
});

test('an unknown address hears the same answer and gets no mail', async ({ page }) => {
  const unknown = `nobody_${Date.now()}@example.test`;
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(unknown);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(`${SENT}.`);
  // A known address asked just after gets its mail; by then the unknown one would have had its own.
  const member = await createMember(base, process.env.E2E_DATA_DIR as string, 'known_');
  await page.getByRole('button', { name: 'Use a different email address' }).click();
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(`${SENT}.`);
  await mailLinkFor(member.email, '/reset-password');
  expect(mailCountFor(unknown)).toBe(0);
});

test('a reset page without a token says the link cannot work', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText(INVALID);
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});

test('"Post a deal" in the header takes a visitor through /login to the form', async ({ page }) => {
  await page.goto('/dealsBrowse');
  await page.getByRole('banner').getByRole('link', { name: 'Post a deal' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username or Email').fill('bargain_bex');
  await page.getByLabel('Password', { exact: true }).fill('Demo-Passw0rd');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/deals\/create$/);
  await expect(page.getByLabel(/^Title/)).toBeVisible();
  // Signed in, the button goes straight to the form from any page.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Post a deal' }).click();
  await expect(page).toHaveURL(/\/deals\/create$/);
});

test('"Post a deal" in the phone menu does the same at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // The header keeps an icon button on phones; the menu has the full one.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Post a deal' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await page.screenshot({ path: 'test-results/screens/phone-menu-mobile.png' });
  await menu.getByRole('link', { name: 'Post a deal' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username or Email').fill('dealhunter_sam');
  await page.getByLabel('Password', { exact: true }).fill('Demo-Passw0rd');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/deals\/create$/);
  await expect(page.getByLabel(/^Title/)).toBeVisible();
});
