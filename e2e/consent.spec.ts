import { expect, type Page, test } from './support/test.js';

/**
 * Cookie consent for the link-monetisation script (docs/notes/data-rights.md). The e2e server has no
 * MONETISATION_SCRIPT_URL, so the site config is answered here with a same-origin script (allowed by the CSP's
 * 'self'), itself answered here and counted: it is requested only after Accept, never after Reject.
 */
const SCRIPT_PATH = '/e2e-monetise.js';

async function withScript(page: Page) {
  const requests: string[] = [];
  await page.route('**/api/site-config', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data.monetisationScriptUrl = new URL(SCRIPT_PATH, page.url() === 'about:blank' ? (process.env.E2E_BASE ?? 'http://127.0.0.1') : page.url()).href;
    await route.fulfill({ response: res, json: body });
  });
  await page.route(`**${SCRIPT_PATH}`, async (route) => {
    requests.push(route.request().url());
    await route.fulfill({
      contentType: 'text/javascript',
      body: 'window.QuidsInMonetise = { reactivate() { window.__reactivated = (window.__reactivated || 0) + 1; } };',
    });
  });
  return requests;
}

test('the script is requested only after Accept, and the choice can be changed on /cookies', async ({ page, baseURL }) => {
  process.env.E2E_BASE = baseURL;
  const requests = await withScript(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  const accept = banner.getByRole('button', { name: 'Accept' });
  const reject = banner.getByRole('button', { name: 'Reject' });
  // Equally prominent: the same size.
  const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
  expect(Math.round(a?.height ?? 0)).toBe(Math.round(r?.height ?? 0));
  await page.waitForTimeout(600);
  expect(requests).toHaveLength(0);
  await accept.click();
  await expect(banner).toBeHidden();
  await expect.poll(() => requests.length).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('accepted');

  // A reload with the choice stored: no banner, the script again.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  await expect.poll(() => requests.length).toBe(2);

  // Changed on /cookies (from the footer's Cookie settings link): rejected, then nothing is requested.
  await page.goto('/cookies#cookie-settings');
  await expect(page.getByTestId('cookie-choice')).toContainText('You accepted');
  await page.locator('#cookie-settings').getByRole('button', { name: 'Reject' }).click();
  await page.waitForLoadState('load');
  await expect(page.getByTestId('cookie-choice')).toContainText('You rejected');
  const before = requests.length;
  await page.goto('/');
  await page.waitForTimeout(800);
  expect(requests.length).toBe(before);
});

test('after Reject nothing of the script is ever requested', async ({ page, baseURL }) => {
  process.env.E2E_BASE = baseURL;
  const requests = await withScript(page);
  await page.goto('/');
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  await page.goto('/dealsBrowse');
  await page.waitForTimeout(800);
  expect(requests).toHaveLength(0);
  expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('rejected');
});

test('with no script configured there is no banner', async ({ page }) => {
  await page.goto('/');
  await page.waitForTimeout(600);
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});
