import { expect, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { createMember, login, postDeal } from './support/seed-api.js';

/** Home (SPEC §2 Home, §9): carousel, categories, the two rows, Why Use, sign-up prompts, scroll-to-top. */
const base = `http://127.0.0.1:${E2E_PORT}`;

test.beforeAll(async () => {
  // Enough fresh deals that the New Arrivals row is full whatever else the database holds.
  const admin = await login(base, ADMIN.username, ADMIN.password);
  for (let i = 0; i < 4; i++) await postDeal(base, admin.token, { title: `Home row deal ${i}`, price: 10 + i, originalPrice: 20 + i, status: 'active' });
});

test('visitor home: carousel, categories, rows, Why Use and sign-up prompts', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Featured deals' });
  await expect(carousel.getByRole('group', { includeHidden: true })).toHaveCount(4);
  await expect(carousel.getByRole('group')).toHaveCount(1);
  const dots = carousel.getByRole('button', { name: /^Go to slide/ });
  await expect(dots).toHaveCount(4);
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  // Slide targets: hottest deals, categories 1, 3 and 5; every slide also links to the browse page.
  const hrefs = await carousel.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs)).toEqual(
    new Set(['/dealsBrowse?status=active&sort=hottest', '/dealsBrowse?category=1', '/dealsBrowse?category=3', '/dealsBrowse?category=5', '/dealsBrowse']),
  );
  await dots.nth(2).click();
  await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(carousel.getByRole('link', { name: 'Shop Gaming deals' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(dots.nth(3)).toHaveAttribute('aria-current', 'true');
  // Keyboard users only reach the visible slide's links.
  await expect(carousel.getByRole('link', { name: 'Shop Gaming deals' })).toBeHidden();

  // Categories: 12, then all, with icons (a tag icon for names it does not know).
  const grid = page.getByTestId('category-grid');
  await expect(grid.getByRole('link')).toHaveCount(12);
  await page.getByRole('button', { name: /View all \d+/ }).click();
  const total = await grid.getByRole('link').count();
  expect(total).toBeGreaterThanOrEqual(25);
  await expect(grid.getByRole('link', { name: 'Electronics' })).toHaveAttribute('href', '/dealsBrowse?category=1');
  await page.getByRole('button', { name: 'Show fewer' }).click();
  await expect(grid.getByRole('link')).toHaveCount(12);

  const warm = page.getByTestId('row-getting-warm');
  await expect(warm.getByRole('heading', { name: 'Getting Warm' })).toBeVisible();
  await expect(warm.getByRole('link', { name: /View all/ })).toHaveAttribute('href', '/dealsBrowse?status=active&sort=getting-warm');
  expect(await warm.getByTestId('deal-card').count()).toBeLessThanOrEqual(4);
  const arrivals = page.getByTestId('row-new-arrivals');
  await expect(arrivals.getByTestId('deal-card')).toHaveCount(4);
  await expect(arrivals.getByRole('link', { name: /View all/ })).toHaveAttribute('href', '/dealsBrowse?status=active&sort=newest');

  const why = page.getByRole('region', { name: 'Why Use QuidsIn?' });
  await expect(why.getByRole('heading', { level: 3 })).toHaveText(['Hot Deals', 'Share & Earn', 'Email Alerts']);
  await expect(why.getByRole('link', { name: 'Post a deal' })).toHaveAttribute('href', '/submit-deal');
  await expect(why.getByRole('link', { name: 'Set up alerts' })).toHaveAttribute('href', '/alerts');
  await expect(page.getByTestId('signup-bar')).toBeVisible();
  await expect(page.getByTestId('signup-banner')).toBeVisible();
  await screenshots(page, 'home');
});

test('members see no sign-up prompts', async ({ page }) => {
  const member = await createMember(base, dataDir(), 'home');
  await page.addInitScript((token) => localStorage.setItem('token', token), member.token);
  await page.goto('/');
  await expect(page.getByTestId('header-username')).toHaveText(member.username);
  await expect(page.getByTestId('signup-bar')).toHaveCount(0);
  await expect(page.getByTestId('signup-banner')).toHaveCount(0);
});

test('empty rows read the spec text; the scroll-to-top button appears after 300 px', async ({ page }) => {
  // The server draws / from the real rows (e2e/first-screen.spec.ts): here the browser draws it, on answers it is
  // given, after arriving from another page.
  await page.goto('/help');
  await page.route('**/api/deals/getting-warm?*', (route) => route.fulfill({ json: { success: true, data: [] } }));
  await page.route('**/api/deals/newest?*', (route) => route.fulfill({ status: 500, json: { success: false, error: 'boom' } }));
  await page.getByRole('link', { name: 'QuidsIn home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('row-getting-warm')).toContainText('No deals available at the moment.');
  // A failing row is shown empty too (SPEC §8 Other).
  await expect(page.getByTestId('row-new-arrivals')).toContainText('No deals available at the moment.', { timeout: 15_000 });

  const top = page.getByRole('button', { name: 'Scroll to top' });
  await expect(top).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 301));
  await expect(top).toBeVisible();
  await top.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(top).toHaveCount(0);
});

test('at the bottom of the page the scroll-to-top button covers none of the footer links (1280 and 390 px)', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Latest deals' })).toBeVisible();
    // The footer is lazy: scroll until it is there and the page cannot go further.
    const footer = page.getByRole('contentinfo');
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(footer.getByRole('link', { name: 'Cookies' })).toBeInViewport({ timeout: 500 });
      expect(await page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight)).toBe(true);
    }).toPass({ timeout: 15_000 });
    const button = await page.getByRole('button', { name: 'Scroll to top' }).boundingBox();
    expect(button).not.toBeNull();
    for (const link of await footer.getByRole('link').all()) {
      const box = await link.boundingBox();
      if (!box || !button) continue;
      const overlaps = box.x < button.x + button.width && button.x < box.x + box.width && box.y < button.y + button.height && button.y < box.y + box.height;
      expect(overlaps, `${width} px: the button covers "${await link.textContent()}"`).toBe(false);
    }
  }
});

test('a swipe over 150 px turns the carousel', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Featured deals' });
  const track = page.getByTestId('carousel-track');
  const box = (await track.boundingBox())!;
  const y = box.y + box.height / 2;
  const swipe = async (from: number, to: number) => {
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move(to, y, { steps: 5 });
    await page.mouse.up();
  };
  await swipe(900, 800);
  await expect(track).toHaveAttribute('data-index', '0');
  await swipe(900, 700);
  await expect(track).toHaveAttribute('data-index', '1');
  await swipe(300, 500);
  await expect(track).toHaveAttribute('data-index', '0');
  await expect(carousel.getByRole('button', { name: /^Go to slide 1/ })).toHaveAttribute('aria-current', 'true');
});
