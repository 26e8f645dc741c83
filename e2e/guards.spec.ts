import { expect, type Page, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { dataDir, screenshots } from './support/app.js';
import { createMember, type Member } from './support/seed-api.js';

const base = `http://127.0.0.1:${E2E_PORT}`;
let member: Member;

test.beforeAll(async () => {
  member = await createMember(base, dataDir(), 'guard');
});

async function submitLogin(page: Page, credential: string, password: string) {
  await page.getByLabel('Username or Email').fill(credential);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

for (const path of ['/user/profile', '/user/deals', '/deals/create', '/user/saved-deals', '/user/comments', '/profile']) {
  test(`${path} sends a visitor to /login and back after signing in`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await submitLogin(page, member.username, member.password);
    await expect(page.getByTestId('header-username')).toHaveText(member.username);
    await expect(page).toHaveURL(`${base}${path}`);
  });
}

test('/submit-deal leads to /deals/create (through sign-in for a visitor)', async ({ page }) => {
  await page.goto('/submit-deal');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, member.email, member.password);
  await expect(page).toHaveURL(`${base}/deals/create`);
  await page.goto('/submit-deal');
  await expect(page).toHaveURL(`${base}/deals/create`);
});

test('a member visiting /admin is sent home, and sees no Admin link', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, member.username, member.password);
  await expect(page.getByTestId('header-username')).toHaveText(member.username);
  await page.goto('/admin');
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin/deals');
  await expect(page).toHaveURL(`${base}/`);
});

test('a signed-in member opening /login goes home; /alerts is the alerts page', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, member.username, member.password);
  await expect(page.getByTestId('header-username')).toHaveText(member.username);
  await page.goto('/login');
  await expect(page).toHaveURL(`${base}/`);

  // /alerts is not a "coming soon" page but where a member makes keyword alerts.
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { name: 'Create an alert' })).toBeVisible();
  await screenshots(page, 'alerts');
});
