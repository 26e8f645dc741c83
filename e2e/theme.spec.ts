import AxeBuilderModule from '@axe-core/playwright';
import { expect, type Page, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, screenshots } from './support/app.js';
import { login, postDeal } from './support/seed-api.js';

/**
 * Dark mode (docs/notes/web-everyday.md): the site follows prefers-color-scheme, a switch in the header (and the phone menu) overrides it
 * on this device, and every public screen keeps WCAG AA contrast in the dark theme (axe color-contrast), at 1280 and
 * 390 px. Screenshots: test-results/screens/dark-*.png.
 */
const AxeBuilder = ((AxeBuilderModule as unknown as { default?: unknown }).default ?? AxeBuilderModule) as typeof AxeBuilderModule.default;
const base = `http://127.0.0.1:${E2E_PORT}`;
let dealId: number;

test.beforeAll(async () => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
  const deal = await postDeal(base, admin.token, {
    title: 'Dark mode deal: Ninja air fryer 5.2 L',
    price: 79.99,
    originalPrice: 129.99,
    coupon: 'CRISPY10',
    status: 'active',
  });
  dealId = deal.id;
});

async function contrastViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`));
}

const SCREENS: Array<[name: string, path: () => string, ready: (page: Page) => Promise<void>]> = [
  ['home', () => '/', async (p) => void (await expect(p.getByTestId('deal-card').first()).toBeVisible())],
  ['browse', () => '/dealsBrowse', async (p) => void (await expect(p.getByTestId('deal-card').first()).toBeVisible())],
  ['deal', () => `/dealDetail/${dealId}`, async (p) => void (await expect(p.getByRole('heading', { level: 1 })).toBeVisible())],
  ['login', () => '/login', async (p) => void (await expect(p.getByLabel('Username or Email')).toBeVisible())],
];

for (const [name, path, ready] of SCREENS) {
  test(`${name} in the dark theme: readable at 1280 and 390 px`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(path());
    await ready(page);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // The page really is dark: its background is far darker than its text.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(248, 250, 252)');
    expect(await contrastViolations(page), `${name} at 1280 px`).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await ready(page);
    expect(await contrastViolations(page), `${name} at 390 px`).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshots(page, `dark-${name}`);
  });
}

test('the light theme stays readable too (the same screens, same check)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  for (const [name, path, ready] of SCREENS) {
    await page.goto(path());
    await ready(page);
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await contrastViolations(page), `${name} (light)`).toEqual([]);
  }
});

test('the header switch overrides the device setting and is remembered after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);
  const toggle = page.getByRole('banner').getByRole('switch', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.goto('/dealsBrowse');
  await expect(html).toHaveClass(/\bdark\b/);
  await screenshots(page, 'dark-browse-by-switch');

  // Back to light, which is what the device says: the choice is forgotten and the device is followed again.
  await page.getByRole('banner').getByRole('switch', { name: 'Dark mode' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
});

test('a light choice holds on a dark device, from the phone menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const row = page.getByRole('navigation', { name: 'Mobile' }).getByRole('switch', { name: 'Dark mode' });
  await expect(row).toHaveAttribute('aria-checked', 'true');
  await screenshots(page, 'dark-phone-menu');
  await row.click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(html).toHaveClass(/\blight\b/);
});

/** Every other screen, signed in as the administrator (who sees the member pages and the back office). */
const MORE_SCREENS = [
  '/register',
  '/forgot-password',
  '/reset-password?token=nothing-here',
  '/alerts',
  '/moderation',
  '/stores',
  '/help',
  '/user/profile',
  '/user/deals',
  '/user/saved-deals',
  '/user/comments',
  '/deals/create',
  '/admin',
  '/admin/deals',
  '/admin/deals?status=pending',
  '/admin/categories',
  '/admin/stores',
  '/admin/users',
  '/admin/scrapers',
  '/admin/reports',
];

test('every other screen in the dark theme keeps AA contrast', async ({ page }) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('header-username')).toBeVisible();
  const failures: Record<string, string[]> = {};
  for (const path of [...MORE_SCREENS, `/deals/edit/${dealId}`, `/admin/deals/edit/${dealId}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Let lists and counts arrive.
    await page.waitForLoadState('networkidle');
    const found = await contrastViolations(page);
    if (found.length) failures[path] = found;
    await page.screenshot({ path: `test-results/screens/dark-all${path.replace(/[/?=&]+/g, '-')}.png`, fullPage: true });
  }
  expect(failures).toEqual({});
});
