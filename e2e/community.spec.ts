import { expect, type Page, test } from './support/test.js';
import type { Deal } from '../src/shared/schemas/deals/deals.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots, verificationLinkFor } from './support/app.js';
import { call, createMember, login, type Member, postDeal } from './support/seed-api.js';

/**
 * Comments that converse (shown without a click, replies under their parent, likes, times), and the shop
 * and member pages every store name and username leads to.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random().toString(36).slice(2, 7);
const FULL_DATE = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} at \d{1,2}:\d{2} (AM|PM)$/;

let poster: Member;
let asker: Member;
let helper: Member;
let deal: Deal;
let ended: Deal;
let question: { id: number };

const asMember = (page: Page, m: Member) => page.addInitScript((token) => localStorage.setItem('token', token), m.token);
const thread = (page: Page, text: string) => page.getByTestId('comment-thread').filter({ has: page.getByTestId('comment').filter({ hasText: text }) });

test.beforeAll(async () => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
  poster = await createMember(base, dataDir(), 'pst');
  asker = await createMember(base, dataDir(), 'ask');
  helper = await createMember(base, dataDir(), 'hlp');
  await call(base, 'PUT', `/users/${poster.id}/profile`, {
    token: poster.token,
    body: { username: poster.username, email: poster.email, bio: `Bargain hunter from Leeds ${run}. Mostly LEGO and coffee.` },
  });
  deal = await postDeal(base, poster.token, {
    title: `De'Longhi Dedica espresso machine ${run}`,
    price: 119,
    originalPrice: 179.99,
    categoryId: 4,
    storeId: 3,
  });
  await call(base, 'POST', `/admin/deals/${deal.id}/activate`, { token: admin.token, body: {} });
  // An ended deal at the same shop: the shop page lists it after the live ones.
  ended = await postDeal(base, admin.token, {
    title: `Ended coffee grinder ${run}`,
    price: 29.99,
    originalPrice: 49.99,
    categoryId: 4,
    storeId: 3,
    status: 'expired',
  });
  question = await call(base, 'POST', '/comments', { token: asker.token, body: { dealId: deal.id, text: `Does it take ESE pods? ${run}` } });
});

test('comments show without a click; a member replies under a comment and likes it', async ({ page }) => {
  await asMember(page, helper);
  await page.goto(`/dealDetail/${deal.id}`);
  await expect(page.getByRole('tab', { name: /Comments/ })).toHaveAttribute('aria-selected', 'true');
  const asked = thread(page, `Does it take ESE pods? ${run}`);
  await expect(asked).toBeVisible();
  // Times: relative on the list, the full '3 Mar 2024 at 2:05 PM' on hover.
  const time = asked.getByTestId('comment').first().locator('time');
  await expect(time).toHaveText(/^(just now|\d+ min ago)$/);
  expect(await time.getAttribute('title')).toMatch(FULL_DATE);
  await expect(asked.getByRole('link', { name: asker.username })).toHaveAttribute('href', `/members/${asker.username}`);

  await asked.getByRole('button', { name: `Reply to ${asker.username}` }).click();
  const box = page.getByLabel(`Your reply to ${asker.username}`);
  await expect(box).toBeFocused();
  await box.fill(`Yes, ESE pods work fine with the pod filter ${run}`);
  await page.getByRole('button', { name: 'Post Reply' }).click();
  const replies = asked.getByRole('list', { name: `Replies to ${asker.username}` });
  await expect(replies.getByTestId('comment')).toContainText(`Yes, ESE pods work fine with the pod filter ${run}`);
  await expect(replies.getByTestId('comment')).toContainText(helper.username);
  // Indented under its parent.
  const parentBox = (await asked.getByTestId('comment').first().boundingBox())!;
  const replyBox = (await replies.getByTestId('comment').boundingBox())!;
  expect(replyBox.x).toBeGreaterThan(parentBox.x + 16);
  // Replies have no Reply button of their own (one level).
  await expect(replies.getByRole('button', { name: /^Reply to/ })).toHaveCount(0);

  const like = asked
    .getByTestId('comment')
    .first()
    .getByRole('button', { name: `Like comment by ${asker.username}, 0 likes` });
  await like.click();
  const liked = asked
    .getByTestId('comment')
    .first()
    .getByRole('button', { name: `Like comment by ${asker.username}, 1 like` });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  // One's own comment cannot be liked: the count only.
  await expect(replies.getByRole('button', { name: /^Like comment/ })).toHaveCount(0);
  await expect(replies.getByTestId('comment-likes')).toHaveText('0 likes');
  await screenshots(page, 'comments-thread');

  await page.reload();
  await expect(thread(page, `Does it take ESE pods? ${run}`).getByRole('button', { name: `Like comment by ${asker.username}, 1 like` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await thread(page, `Does it take ESE pods? ${run}`)
    .getByRole('button', { name: /^Like comment by/ })
    .click();
  await expect(thread(page, `Does it take ESE pods? ${run}`).getByRole('button', { name: `Like comment by ${asker.username}, 0 likes` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  const stored = await call<Array<{ id: number; likeCount: number }>>(base, 'GET', `/comments/${deal.id}`);
  expect(stored.find((c) => c.id === question.id)?.likeCount).toBe(0);
});

test('a visitor who replies, likes or comments is asked to log in', async ({ page }) => {
  await page.goto(`/dealDetail/${deal.id}`);
  const asked = thread(page, `Does it take ESE pods? ${run}`);
  await asked.getByRole('button', { name: `Reply to ${asker.username}` }).click();
  await expect(page.getByRole('dialog', { name: 'Log in to comment' })).toBeVisible();
  await page.keyboard.press('Escape');
  await asked
    .getByRole('button', { name: /^Like comment by/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Log in to like comments' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Save Deal', exact: true }).click();
  const save = page.getByRole('dialog', { name: 'Log in to save this deal' });
  await expect(save).toBeVisible();
  await expect(save.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});

test("the prompt's Create account comes back to the deal once the new member has verified and signed in", async ({ page }) => {
  const username = `new${run}${Math.random().toString(36).slice(2, 6)}`.slice(0, 20);
  const email = `${username}@example.test`;
  const password = 'Member-Passw0rd';
  await page.goto(`/dealDetail/${deal.id}`);
  await page.getByRole('button', { name: 'Vote up (hot)' }).click();
  await page.getByRole('dialog', { name: 'Log in to vote' }).getByRole('link', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email-sent$/);
  // The mail's link, followed in the same browser (a new tab shares the device's storage).
  const tab = await page.context().newPage();
  // Following it signs this device's new member in (the token registration stored), and /login sends them back.
  await tab.goto(await verificationLinkFor(email));
  await expect(tab).toHaveURL(`${base}/dealDetail/${deal.id}`);
  await expect(tab.getByTestId('header-username')).toHaveText(username);
  await expect(tab.getByRole('heading', { level: 1, name: deal.title })).toBeVisible();
  // Used once: a later sign-in goes where it normally would. (The router commits the deal page in a transition, which
  // may finish after the header shows the member, so the check waits for it.)
  await expect.poll(() => tab.evaluate(() => localStorage.getItem('return-to'))).toBeNull();
});

test('a shop page: logo, name, site link, live count and its deals, live ones first', async ({ page }) => {
  await page.goto(`/dealDetail/${deal.id}`);
  const storeName = deal.storeName;
  await page.getByRole('link', { name: storeName, exact: true }).first().click();
  await expect(page).toHaveURL(`${base}/stores/${deal.storeId}`);
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
  const detail = await call<{ activeDeals: number; totalDeals: number; url: string | null }>(base, 'GET', `/stores/${deal.storeId}`);
  await expect(page.getByTestId('store-counts')).toContainText(`${detail.activeDeals} live`);
  if (detail.url) await expect(page.getByRole('link', { name: new RegExp(`^Visit ${storeName}`) })).toHaveAttribute('href', detail.url);
  const cards = page.getByTestId('deal-card');
  await expect(cards.first()).toBeVisible();
  // Live deals come first: no live card after an expired one on the page.
  const expiredFlags = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-expired') === 'true'));
  const firstExpired = expiredFlags.indexOf(true);
  if (firstExpired >= 0) expect(expiredFlags.slice(firstExpired).every(Boolean)).toBe(true);
  await screenshots(page, 'store-page');

  await page.getByRole('link', { name: 'All shops' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shops' })).toBeVisible();
  await expect(
    page
      .getByTestId('store-list')
      .getByRole('link', { name: new RegExp(`^${storeName}`) })
      .first(),
  ).toHaveAttribute('href', `/stores/${deal.storeId}`);
  await screenshots(page, 'stores-list');

  await page.goto('/stores/987654');
  await expect(page.getByRole('heading', { name: 'Store not found' })).toBeVisible();
});

test('a member page: avatar, name, role, member since, bio, counts and live deals, never the email', async ({ page }) => {
  await page.goto(`/dealDetail/${deal.id}`);
  await page.getByRole('link', { name: poster.username, exact: true }).first().click();
  await expect(page).toHaveURL(`${base}/members/${poster.username}`);
  await expect(page.getByRole('heading', { level: 1, name: poster.username })).toBeVisible();
  const header = page.getByTestId('member-header');
  await expect(header).toContainText('Member');
  await expect(header).toContainText(/Member since [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(header).toContainText(`Bargain hunter from Leeds ${run}`);
  const counts = page.getByTestId('member-counts');
  await expect(counts).toContainText('Deals posted');
  await expect(counts).toContainText('Live deals');
  await expect(counts).toContainText('Comments');
  await expect(page.getByTestId('deal-card').filter({ hasText: deal.title })).toBeVisible();
  await expect(page.getByTestId('deal-card').filter({ hasText: ended.title })).toHaveCount(0);
  expect(await page.content()).not.toContain(poster.email);
  await screenshots(page, 'member-page');

  // Usernames in comments lead there too.
  await page.goto(`/dealDetail/${deal.id}`);
  await thread(page, `Does it take ESE pods? ${run}`).getByRole('link', { name: asker.username }).click();
  await expect(page.getByRole('heading', { level: 1, name: asker.username })).toBeVisible();

  await page.goto('/members/nobody-by-this-name');
  await expect(page.getByRole('heading', { name: 'Member not found' })).toBeVisible();
});
