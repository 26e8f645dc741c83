import { expect, test } from './support/test.js';
import { seriousViolations } from './support/axe.js';
import { VOTE_WEIGHT_FAQ } from '../src/shared/domain/members/trust.js';
import { screenshots } from './support/app.js';

/**
 * Help, Contact, Terms, Privacy and Cookies (docs/notes/web-everyday.md): real pages behind the footer's links and the register form's
 * terms checkbox, readable and free of serious axe findings in both themes.
 */

const PAGES: Array<[path: string, heading: string]> = [
  ['/help', 'Help & FAQ'],
  ['/contact', 'Contact Us'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/cookies', 'Cookies'],
];

test('the footer links open real pages', async ({ page }) => {
  const footerLinks: Array<[label: string, path: string, heading: string | null]> = [
    ['Help Center', '/help', 'Help & FAQ'],
    ['Contact Us', '/contact', 'Contact Us'],
    ['FAQ', '/help#faq', 'Help & FAQ'],
    ['Terms', '/terms', 'Terms of Service'],
    ['Privacy', '/privacy', 'Privacy Policy'],
    ['Cookies', '/cookies', 'Cookies'],
    ['Moderation log', '/moderation', null],
  ];
  for (const [label, path, heading] of footerLinks) {
    await page.goto('/');
    const link = page.getByRole('contentinfo').getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAttribute('href', path);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[?#]/g, '\\$&')}$`));
    if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  }
  // The FAQ link lands on the questions.
  await page.goto('/help#faq');
  await expect(page.getByRole('navigation', { name: 'FAQ topics' })).toBeInViewport();
  // Merchants is the shops list (docs/notes/web-everyday.md).
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Merchants' })).toHaveAttribute('href', '/stores');
});

test('the register form links its terms checkbox to the Terms and the Privacy Policy, in a new tab', async ({ page, context }) => {
  await page.goto('/register');
  for (const [name, path, heading] of [
    [/Terms of Service/, '/terms', 'Terms of Service'],
    [/Privacy Policy/, '/privacy', 'Privacy Policy'],
  ] as const) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', path);
    await expect(link).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await tab.close();
  }
  // The form is still there, untouched.
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('the FAQ covers temperature, voting (with the half-vote rule), posting, moderation and alerts', async ({ page }) => {
  await page.goto('/help');
  for (const topic of ['Temperature', 'Voting rules', 'Posting rules', 'Moderation', 'Alerts']) {
    await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
  }
  await expect(page.getByText(VOTE_WEIGHT_FAQ)).toBeVisible();
  await expect(page.locator('#moderation').getByRole('link', { name: 'moderation log' })).toHaveAttribute('href', '/moderation');
  await page.getByRole('navigation', { name: 'FAQ topics' }).getByRole('link', { name: 'Voting rules' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Voting rules' })).toBeInViewport();
});

test('the cookies page says what this browser keeps and whether a monetisation script runs', async ({ page }) => {
  await page.goto('/cookies');
  const table = page.getByRole('table');
  for (const key of ['token', 'theme']) await expect(table.getByRole('cell', { name: key, exact: true })).toBeVisible();
  // The e2e server sets no MONETISATION_SCRIPT_URL.
  await expect(page.getByTestId('monetisation-status')).toContainText('does not load a link-monetisation script');
  // The contact pages say honestly that no address is published (no CONTACT_EMAIL here).
  await page.goto('/contact');
  await expect(page.getByTestId('contact-email-missing')).toBeVisible();
});

test('a path that is no page answers 404 and still shows the not-found page, with its ways back', async ({ page }) => {
  for (const path of ['/no/such/page', '/stores/987654321', '/members/nobody_at_all_here']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Browse deals' })).toHaveAttribute('href', '/dealsBrowse');
  await main.getByRole('link', { name: 'Browse deals' }).click();
  // The browse page writes its default view into the address.
  await expect(page).toHaveURL(/\/dealsBrowse(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  // The shop and member pages say what is missing.
  await page.goto('/stores/987654321');
  await expect(page.getByRole('heading', { name: 'Store not found' })).toBeVisible();
  await page.goto('/members/nobody_at_all_here');
  await expect(page.getByRole('heading', { name: 'Member not found' })).toBeVisible();
  await page.goto('/no/such/page');
  await screenshots(page, 'not-found');
});

for (const [path, heading] of PAGES) {
  test(`${path}: screenshots in both themes, no serious axe findings`, async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await seriousViolations(page), `${path} (${scheme}, 1280)`).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousViolations(page), `${path} (${scheme}, 390)`).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshots(page, `info${path.replace('/', '-')}-${scheme}`);
    }
  });
}
