import { expect, type Page, test } from './support/test.js';
import type { Deal } from '../src/shared/schemas/deals/deals.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { call, createMember, login, type Member, postDeal } from './support/seed-api.js';

/** Deal detail (SPEC §2, §4, §5, §8) as a visitor, as another member and as the owner. */
const base = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random().toString(36).slice(2, 7);

let owner: Member;
let other: Member;
let deal: Deal;
let pending: Deal;
let doomed: Deal;

const asMember = (page: Page, m: Member) => page.addInitScript((token) => localStorage.setItem('token', token), m.token);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.beforeAll(async () => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
  owner = await createMember(base, dataDir(), 'own');
  other = await createMember(base, dataDir(), 'oth');
  const seed = { price: 24.99, originalPrice: 49.99, categoryId: 2, storeId: 42 };
  // One product each: posting a product that already has an active deal is refused (docs/notes/products.md).
  const amazon = (n: number) => `https://www.amazon.co.uk/dp/B0T${run.toUpperCase()}${n}`.padEnd(38, 'X');
  deal = await postDeal(base, owner.token, { ...seed, url: amazon(1), title: `Logitech MX Keys Mini keyboard ${run}`, coupon: `MX${run.toUpperCase()}` });
  doomed = await postDeal(base, owner.token, { ...seed, url: amazon(2), title: `Anker USB-C charger ${run}` });
  pending = await postDeal(base, owner.token, { ...seed, url: amazon(3), title: `Pending webcam ${run}` });
  for (const d of [deal, doomed]) await call(base, 'POST', `/admin/deals/${d.id}/activate`, { token: admin.token, body: {} });
  // Something to relate to: another active deal in the same category.
  await postDeal(base, admin.token, { ...seed, url: amazon(4), title: `Related mouse ${run}`, status: 'active' });
});

test('visitor: details, outbound link, coupon copy, and log-in prompts', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/dealDetail/${deal.id}`);
  await expect(page.getByRole('heading', { level: 1, name: deal.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to deals' })).toHaveAttribute('href', '/dealsBrowse');
  await expect(page.getByRole('link', { name: 'Computers' })).toHaveAttribute('href', '/dealsBrowse?category=2');
  // Store names lead to the shop's page.
  await expect(page.getByRole('link', { name: 'Amazon UK' }).first()).toHaveAttribute('href', '/stores/42');
  await expect(page.getByTestId('deal-price')).toHaveText('£24.99');
  await expect(page.getByText('You save £25.00 (50%)')).toBeVisible();

  const get = page.getByRole('link', { name: 'Get This Deal' });
  // Through the site's counted redirect to the tagged URL (docs/notes/analytics.md), naming the shop.
  await expect(get).toHaveAttribute('href', `/go/${deal.id}`);
  await expect(get).toHaveAttribute('target', '_blank');
  await expect(get).toHaveAttribute('rel', 'nofollow sponsored noopener');
  await expect(get).toContainText('Amazon UK');

  // Copy Code shows 'Copied!' for 3 s.
  const copy = page.getByTestId('coupon-box').getByRole('button');
  await expect(copy).toHaveText('Copy Code');
  await copy.click();
  const clicked = Date.now();
  await expect(copy).toHaveText('Copied!');
  await page.waitForTimeout(Math.max(0, 2000 - (Date.now() - clicked)));
  await expect(copy).toHaveText('Copied!', { timeout: 100 });
  await expect(copy).toHaveText('Copy Code', { timeout: 2000 });
  // 'clicked' is taken just after the click returns, so allow for the round trip.
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(2800);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`MX${run.toUpperCase()}`);

  // Without the Web Share API (desktop Chromium on Linux), Share offers the services' links and Copy link.
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('group', { name: 'Share this deal' }).getByRole('button', { name: 'Copy link' }).click();
  await expect(toast(page, 'Link copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}/dealDetail/${deal.id}`);

  // A visitor gets a sign-in prompt, never an error toast.
  await page.getByRole('button', { name: 'Vote up (hot)' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in to vote' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save Deal', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Log in to save this deal' })).toBeVisible();
  await page.keyboard.press('Escape');

  await expect(page.getByTestId('owner-actions')).toHaveCount(0);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByRole('tab', { name: /Comments/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post Comment' })).toBeDisabled();
  await page.getByLabel('Add a comment').fill('Can I comment?');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in to comment' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(owner.username);
  await expect(page.getByRole('heading', { name: 'Related Deals' })).toBeVisible();
  // Up to 4 other active deals of the category, never the deal itself.
  const related = page.getByRole('region', { name: 'Related Deals' }).getByTestId('deal-card');
  await expect(related.first()).toBeVisible();
  expect(await related.count()).toBeLessThanOrEqual(4);
  const hrefs = await related
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  for (const href of hrefs) expect(href).toMatch(/^\/dealDetail\/\d+$/);
  expect(hrefs).not.toContain(`/dealDetail/${deal.id}`);
  await page.getByRole('tab', { name: 'Description' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'deal-detail');
});

test('another member: votes once, saves and unsaves, comments and deletes the comment', async ({ page }) => {
  await asMember(page, other);
  await page.goto(`/dealDetail/${deal.id}`);
  const up = page.getByRole('button', { name: 'Vote up (hot)' });
  const down = page.getByRole('button', { name: 'Vote down (cold)' });
  const before = Number(((await page.getByTestId('deal-temperature').textContent()) ?? '').replace(/\D+/g, ''));
  await up.click();
  await expect(page.getByTestId('deal-temperature')).toContainText(`${before + 1}°`);
  await expect(up).toBeDisabled();
  await expect(down).toBeDisabled();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await up.dispatchEvent('click');
  await expect(toast(page, 'You have already voted on this deal')).toBeVisible();
  // The vote is stored: it is still there after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Vote up (hot)' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Save Deal', exact: true }).click();
  await expect(toast(page, 'Deal saved successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Remove from saved deals' }).click();
  await expect(toast(page, 'Removed from saved deals')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Deal', exact: true })).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('tab', { name: /Comments/ }).click();
  const box = page.getByLabel('Add a comment');
  const post = page.getByRole('button', { name: 'Post Comment' });
  await box.fill('   ');
  await expect(post).toBeDisabled();
  const text = `Got mine yesterday, great little keyboard ${run}`;
  await box.fill(`  ${text}  `);
  await post.click();
  await expect(toast(page, 'Comment added successfully')).toBeVisible();
  const comment = page.getByTestId('comment').filter({ hasText: text });
  await expect(comment).toContainText(other.username);
  await expect(box).toHaveValue('');
  await expect(page.getByRole('tab', { name: /Comments/ })).toContainText('1');
  await screenshots(page, 'deal-detail-member');

  await comment.getByRole('button', { name: `Delete comment by ${other.username}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this comment?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(comment).toBeVisible();
  await comment.getByRole('button', { name: /Delete comment/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Comment deleted successfully')).toBeVisible();
  await expect(comment).toHaveCount(0);
  await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await expect(page.getByTestId('owner-actions')).toHaveCount(0);
});

test("owner: cannot vote on their own deal, cannot delete others' comments, gets Edit and deletes the deal", async ({ page }) => {
  await call(base, 'POST', '/comments', { token: other.token, body: { dealId: doomed.id, text: `Not mine to delete ${run}` } });
  await asMember(page, owner);
  await page.goto(`/dealDetail/${doomed.id}`);
  await page.getByRole('button', { name: 'Vote up (hot)' }).click();
  await expect(toast(page, 'You cannot vote on your own deal')).toBeVisible();

  // Members delete only their own comments.
  await page.getByRole('tab', { name: /Comments/ }).click();
  await expect(page.getByTestId('comment').filter({ hasText: `Not mine to delete ${run}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /Delete comment/ })).toHaveCount(0);

  await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/deals/edit/${doomed.id}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this deal? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deal deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/deals\?status=active&sort=newest$/);
  await page.goto(`/dealDetail/${doomed.id}`);
  await expect(page.getByRole('heading', { name: 'Deal not found' })).toBeVisible();
});

test('a pending deal: Deal Not Available for the public, a notice for its owner', async ({ page, browser }) => {
  // Hidden from visitors, so a 404 to anyone the server cannot tell apart (the owner's token is the browser's alone).
  expect((await page.goto(`/dealDetail/${pending.id}`))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Deal Not Available' })).toBeVisible();
  await expect(page.getByText('No such active deal currently')).toBeVisible();
  await expect(page.getByText('This deal is pending approval and not viewable by the public.')).toBeVisible();
  await screenshots(page, 'deal-not-available');

  const ownerPage = await (await browser.newContext()).newPage();
  await asMember(ownerPage, owner);
  await ownerPage.goto(`/dealDetail/${pending.id}`);
  await expect(ownerPage.getByTestId('pending-notice')).toContainText('Pending Review');
  // The owner sees the pending deal's own local image; the public would get the placeholder.
  await expect(ownerPage.getByRole('img', { name: pending.title })).toBeVisible();
  await ownerPage.context().close();
});

test('not found and error states', async ({ page }) => {
  expect((await page.goto('/dealDetail/987654321'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Deal not found' })).toBeVisible();
  await expect(page.getByText("Deal not found: The deal you're looking for doesn't exist or has been removed.")).toBeVisible();
  await screenshots(page, 'deal-not-found');

  await page.route('**/api/deals/4242', (route) => route.fulfill({ status: 500, json: { success: false, error: 'Database unavailable' } }));
  await page.goto('/dealDetail/4242');
  await expect(page.getByRole('heading', { name: 'Error Loading Deal' })).toBeVisible();
  await expect(page.getByText('Database unavailable')).toBeVisible();
});

test('a broken image falls back to the placeholder', async ({ page }) => {
  await page.route('**/uploads/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(`/dealDetail/${deal.id}`);
  await expect(page.getByRole('img', { name: `No image available for ${deal.title}` })).toBeVisible();
});
