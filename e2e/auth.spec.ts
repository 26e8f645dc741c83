import { expect, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, screenshots, signOutFromMenu, verificationLinkFor } from './support/app.js';
import { call } from './support/seed-api.js';

const base = `http://127.0.0.1:${E2E_PORT}`;
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const PASSWORD = 'Journey-Passw0rd';

test('register, verify from the outbox link, sign in, see the username, sign out', async ({ page }) => {
  const username = unique('jo_');
  const email = `${username}@example.test`;

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // On-blur messages before filling in properly.
  await page.getByLabel('Username').click();
  await page.getByLabel('Email', { exact: true }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('nope');
  await page.getByLabel('Password', { exact: true }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await screenshots(page, 'register-errors');

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel(/I accept the/).check();
  await screenshots(page, 'register');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-email-sent$/);
  await expect(page.getByText('Registration successful. Please check your email to verify your account before logging in.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(/spam/)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Resend works with the token the register call stored.
  await page.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(page.getByText('Verification email has been resent. Please check your inbox.')).toBeVisible();
  await screenshots(page, 'verify-email-sent');

  // An unverified account is not signed in, not even after a reload.
  await page.reload();
  await expect(page.getByTestId('header-username')).toHaveCount(0);

  // The link opened on the device that registered signs the member in: the header says so at once, no reload needed.
  const link = await verificationLinkFor(email);
  await page.goto(link);
  await expect(page.getByText('Email verified successfully! You can now log in.')).toBeVisible();
  await expect(page.getByTestId('header-username')).toHaveText(username);
  await expect(page).toHaveURL(`${base}/`);
  await signOutFromMenu(page);
  await page.goto('/login');
  await screenshots(page, 'login');

  await page.getByLabel('Username or Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Logged in successfully.')).toBeVisible();
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByTestId('header-username')).toHaveText(username);

  await signOutFromMenu(page);
  await expect(page.getByTestId('header-username')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a used verification link fails with the server reason; a link without a token goes to /login', async ({ page }) => {
  const username = unique('vf_');
  const email = `${username}@example.test`;
  await call(base, 'POST', '/auth/register', { body: { username, email, password: PASSWORD, termsAccepted: true } });
  const link = await verificationLinkFor(email);
  await page.goto(link);
  await expect(page.getByText('Email verified successfully! You can now log in.')).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Verification failed' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'invalid or has already been used' })).toBeVisible();
  await screenshots(page, 'verify-email-failed');

  await page.goto('/verify-email');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Invalid verification link')).toBeVisible();
});

test('a wrong password shows the toast and the inline panel; an unverified account hears why', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or Email').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('Not-The-Passw0rd');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Sign in failed: The username or password you entered is incorrect. Please try again.');
  await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await screenshots(page, 'login-failed');

  const username = unique('un_');
  await call(base, 'POST', '/auth/register', { body: { username, email: `${username}@example.test`, password: PASSWORD, termsAccepted: true } });
  await page.getByLabel('Username or Email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('login-error')).toContainText('Please verify your email address before logging in.');
});

test('the login form: on-blur messages, forgot-password link, register link, remember me', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or Email').click();
  await page.getByLabel('Password', { exact: true }).click();
  await expect(page.getByText('Username or Email is required')).toBeVisible();
  await page.getByLabel('Username or Email').click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await screenshots(page, 'login-errors');

  // The spec's dead link opens the password reset request (e2e/accounts.spec.ts walks it through).
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Username or Email').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('header-username')).toHaveText('admin');
  await signOutFromMenu(page);
  await page.goto('/login');
  await expect(page.getByLabel('Username or Email')).toHaveValue('admin');
  await expect(page.getByLabel('Remember me')).toBeChecked();

  await page.getByRole('link', { name: 'Create one for free' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('signing in from the header comes back to the page it was opened on', async ({ page }) => {
  await page.goto('/alerts');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username or Email').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByTestId('header-username')).toHaveText('admin');
});

test('signing in after wandering through the account screens returns to the last page visited', async ({ page }) => {
  await page.goto('/dealsBrowse?search=lego');
  await page.getByRole('banner').getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username or Email').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('header-username')).toHaveText('admin');
  await expect(page).toHaveURL(/\/dealsBrowse\?search=lego/);
});
