import { expect, type Page, test } from './support/test.js';
import { expectAccessible } from './support/axe.js';
import type { Deal } from '../src/shared/schemas/deals/deals.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { call, createMember, login, type Member, postDeal } from './support/seed-api.js';

/**
 * Notifications (docs/notes/notifications.md): member B replies on A's deal; A's bell, open in another browser
 * context, turns to 1 without a reload (the live stream); A opens it and lands on the reply, scrolled to and
 * highlighted; "Mark all as read" clears the badge and the title. Screenshots of the bell's panel and /notifications
 * at 1280 and 390 px, light and dark: test-results/screens/notifications-*.png.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random().toString(36).slice(2, 7);

let poster: Member;
let replier: Member;
let deal: Deal;
let question: { id: number };

const asMember = (page: Page, m: Member) => page.addInitScript((token) => localStorage.setItem('token', token), m.token);

test.beforeAll(async () => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
  poster = await createMember(base, dataDir(), 'npo');
  replier = await createMember(base, dataDir(), 'nre');
  deal = await postDeal(base, poster.token, { title: `Ninja air fryer dual zone ${run}`, price: 99, originalPrice: 199.99, categoryId: 4, storeId: 3 });
  await call(base, 'POST', `/admin/deals/${deal.id}/activate`, { token: admin.token, body: {} });
  const asked = await call(base, 'POST', '/comments', {
    token: poster.token,
    body: { dealId: deal.id, text: `Does anyone know if the baskets are dishwasher safe? ${run}` },
  });
  question = asked.comment ?? asked;
  // The approval is a notification too: start the journey from a clean inbox.
  await call(base, 'POST', '/notifications/read-all', { token: poster.token });
});

test('a reply reaches the poster live; the bell leads to the highlighted reply; mark all as read', async ({ browser, page }) => {
  // Two browser contexts and a live stream: takes ~50 s on a busy 2-core machine, close to the default minute.
  test.slow();
  await asMember(page, poster);
  await page.goto('/');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  // B, in a browser of their own, replies on A's deal.
  const other = await browser.newContext();
  const b = await other.newPage();
  await asMember(b, replier);
  await b.goto(`/dealDetail/${deal.id}`);
  await b.getByRole('button', { name: `Reply to ${poster.username}` }).click();
  await b.getByLabel(`Your reply to ${poster.username}`).fill(`Yes, both baskets go in the dishwasher ${run}`);
  await b.getByRole('button', { name: 'Post Reply' }).click();
  await expect(b.getByText(`Yes, both baskets go in the dishwasher ${run}`)).toBeVisible();
  await other.close();

  // A's bell turns to 1 without a reload, and the title counts it.
  await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: 15_000 });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page).toHaveTitle(/^\(1\) /);

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByTestId('notification').first();
  await expect(item).toContainText(`${replier.username} replied to your comment on “Ninja air fryer dual zone ${run}”`);
  await expect(panel.getByRole('link', { name: 'See all' })).toBeVisible();
  await expectAccessible(page, 'the open panel');
  await screenshots(page, 'notifications-panel');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'the open panel, dark');
  await screenshots(page, 'notifications-panel-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/dealDetail/${deal.id}#comment-\\d+$`));
  const highlighted = page.locator('[data-highlighted="true"]');
  await expect(highlighted).toContainText(`Yes, both baskets go in the dishwasher ${run}`);
  await expect(highlighted).toBeInViewport();
  // Opening it marked it read.
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(\d+\) /);

  // Another reply, then "Mark all as read" on /notifications.
  await call(base, 'POST', '/comments', { token: replier.token, body: { dealId: deal.id, text: `And the crisper plates too ${run}`, parentId: question.id } });
  await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: 15_000 });
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  // The approval (read before the journey) and the two replies.
  await expect(page.getByTestId('notification')).toHaveCount(3);
  await page.getByRole('link', { name: /^Unread/ }).click();
  await expect(page.getByTestId('notification')).toHaveCount(1);
  await expectAccessible(page, '/notifications');
  await screenshots(page, 'notifications-page');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, '/notifications, dark');
  await screenshots(page, 'notifications-page-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('You are all caught up.')).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
});

test("a member chooses what reaches them in the profile's settings", async ({ page }) => {
  await asMember(page, poster);
  await page.goto('/user/profile#notifications');
  const likesByEmail = page.getByRole('checkbox', { name: 'Likes on your comments: by email' });
  await expect(likesByEmail).not.toBeChecked();
  await likesByEmail.check();
  // Off in the app turns the email off too (and its box is disabled).
  await page.getByRole('checkbox', { name: 'Comments on your deals: in the app' }).uncheck();
  await expect(page.getByRole('checkbox', { name: 'Comments on your deals: by email' })).toBeDisabled();
  await expectAccessible(page, 'notification settings');
  await screenshots(page, 'notifications-settings');
  await page.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  const saved = await call(base, 'GET', '/notifications/preferences', { token: poster.token });
  expect(saved.preferences['comment.liked']).toEqual({ inApp: true, email: true, push: false });
  expect(saved.preferences['deal.comment'].inApp).toBe(false);
});
