import { expect, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots, signIn, signOutFromMenu } from './support/app.js';
import { call, createMember, login, type Member, pngBuffer, postDeal } from './support/seed-api.js';
import type { Deal } from '../src/shared/schemas/deals/deals.js';

const base = `http://127.0.0.1:${E2E_PORT}`;
const COMMENT_DATE = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} at \d{1,2}:\d{2} (AM|PM)$/;

let member: Member;
let newcomer: Member;
let adminDeal: Deal;
let ownDeals: Deal[];

test.beforeAll(async () => {
  const admin = await login(base, ADMIN.username, ADMIN.password);
  adminDeal = await postDeal(base, admin.token, {
    title: 'Ninja Air Fryer Max AF160UK 5.2L',
    price: 79.99,
    originalPrice: 129.99,
    categoryId: 4,
    storeId: 42,
    status: 'active',
    colour: [234, 88, 12],
  });
  member = await createMember(base, dataDir(), 'mp');
  newcomer = await createMember(base, dataDir(), 'new');
  ownDeals = [
    await postDeal(base, member.token, {
      title: 'LEGO Technic Land Rover Defender 42110',
      price: 129.99,
      originalPrice: 179.99,
      categoryId: 7,
      storeId: 1,
      colour: [250, 204, 21],
    }),
    await postDeal(base, member.token, {
      title: 'Free Greggs Sausage Roll with the app',
      price: 0,
      originalPrice: 1.25,
      categoryId: 9,
      storeId: 3,
      colour: [37, 99, 235],
    }),
  ];
  await call(base, 'POST', `/deals/${adminDeal.id}/save`, { token: member.token });
  await call(base, 'POST', '/comments', {
    token: member.token,
    body: { dealId: adminDeal.id, text: 'Bought one last week, brilliant for chips and wings.\nArrived next day.' },
  });
});

test('empty states of my deals, saved deals and my comments', async ({ page }) => {
  await signIn(page, newcomer.username, newcomer.password);

  await page.goto('/user/deals');
  await expect(page.getByRole('heading', { name: "You haven't posted any deals yet" })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Post a Deal' }).first()).toHaveAttribute('href', '/deals/create');
  await screenshots(page, 'my-deals-empty');

  await page.goto('/user/saved-deals');
  await expect(page.getByRole('heading', { name: 'No saved deals' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse Deals' })).toHaveAttribute('href', '/dealsBrowse');
  await screenshots(page, 'saved-deals-empty');

  await page.goto('/user/comments');
  await expect(page.getByRole('heading', { name: 'No comments yet' })).toBeVisible();
  await expect(page.getByText("You haven't made any comments on deals yet.")).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Browse Deals' }).click();
  await expect(page).toHaveURL(/\/dealsBrowse/);
});

test('my deals: the table links to view and edit, and delete asks first', async ({ page }) => {
  await signIn(page, member.username, member.password);
  await page.goto('/user/deals');
  const table = page.getByTestId('my-deals-table');
  for (const deal of ownDeals) {
    await expect(table.getByRole('link', { name: deal.title, exact: true })).toHaveAttribute('href', `/dealDetail/${deal.id}`);
    await expect(table.getByRole('link', { name: `Edit ${deal.title}` })).toHaveAttribute('href', `/deals/edit/${deal.id}`);
  }
  await expect(table.getByText('Pending Review').first()).toBeVisible();
  await expect(table.getByText('FREE', { exact: true })).toBeVisible();
  await screenshots(page, 'my-deals');

  const doomed = ownDeals[1];
  await table.getByRole('button', { name: `Delete ${doomed.title}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this deal? This action cannot be undone.');
  await screenshots(page, 'my-deals-delete-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(table.getByRole('link', { name: doomed.title, exact: true })).toBeVisible();

  await table.getByRole('button', { name: `Delete ${doomed.title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deal deleted successfully')).toBeVisible();
  await expect(table.getByRole('link', { name: doomed.title, exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('my-deals-table').getByRole('link', { name: ownDeals[0].title, exact: true })).toBeVisible();
  await expect(page.getByTestId('my-deals-table').getByRole('link', { name: doomed.title, exact: true })).toHaveCount(0);

  await page.getByRole('main').getByRole('link', { name: 'Post a Deal' }).click();
  await expect(page).toHaveURL(/\/deals\/create$/);
});

test('saved deals: the grid shows the saved deal and it can be removed', async ({ page }) => {
  await signIn(page, member.username, member.password);
  await page.goto('/user/saved-deals');
  const card = page.getByTestId('deal-card').filter({ hasText: adminDeal.title });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: adminDeal.title, exact: true })).toHaveAttribute('href', `/dealDetail/${adminDeal.id}`);
  await expect(card).toContainText('£79.99');
  await screenshots(page, 'saved-deals');

  await page.getByRole('button', { name: `Remove ${adminDeal.title} from saved deals` }).click();
  await expect(page.getByText('Removed from saved deals')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No saved deals' })).toBeVisible();
  await call(base, 'POST', `/deals/${adminDeal.id}/save`, { token: member.token });
});

test('my comments: deal, text, date, owner, prices, category; 20 per page', async ({ page }) => {
  await signIn(page, member.username, member.password);
  await page.goto('/user/comments');
  const item = page.getByTestId('user-comment').first();
  await expect(item.getByRole('link', { name: adminDeal.title })).toHaveAttribute('href', `/dealDetail/${adminDeal.id}`);
  await expect(item).toContainText('brilliant for chips and wings');
  await expect(item).toContainText('Deal by: admin');
  await expect(item).toContainText('Home & Garden');
  await expect(item).toContainText('£79.99');
  await expect(item.locator('s')).toContainText('£129.99');
  await expect(item.locator('time')).toHaveText(COMMENT_DATE);
  await expect(page.getByRole('navigation', { name: 'Comment pages' })).toHaveCount(0);
  await screenshots(page, 'my-comments');

  // 21 comments make two pages.
  for (let i = 2; i <= 21; i++) {
    await call(base, 'POST', '/comments', { token: member.token, body: { dealId: adminDeal.id, text: `Comment number ${i}` } });
  }
  await page.reload();
  await expect(page.getByTestId('user-comment')).toHaveCount(20);
  await expect(page.getByTestId('user-comment').first()).toContainText('Comment number 21');
  const pages = page.getByRole('navigation', { name: 'Comment pages' });
  await screenshots(page, 'my-comments-paged');
  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/user\/comments\?page=2$/);
  await expect(page.getByTestId('user-comment')).toHaveCount(1);
  await expect(page.getByTestId('user-comment')).toContainText('brilliant for chips and wings');
  await page.goBack();
  await expect(page.getByTestId('user-comment')).toHaveCount(20);
});

test('profile: tabs, avatar upload with client checks, account form and password change', async ({ page }) => {
  const fresh = await createMember(base, dataDir(), 'pf');
  await signIn(page, fresh.username, fresh.password);
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { name: fresh.username, level: 1 })).toBeVisible();
  await expect(page.getByText(/Member since [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeVisible();
  await expect(page.getByText('Role:')).toBeAttached();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(fresh.username);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(fresh.email);
  await screenshots(page, 'profile');

  const avatarInput = page.getByTestId('avatar-input');
  await avatarInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('Only image files are allowed.')).toBeVisible();
  await avatarInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1) });
  await expect(page.getByText('File too large. Maximum size is 2MB.')).toBeVisible();
  await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngBuffer([124, 58, 237], 256) });
  await expect(page.getByText('Avatar uploaded successfully.')).toBeVisible();
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /^\/uploads\//);
  await expect(page.getByRole('banner').locator('img[src^="/uploads/"]')).toBeVisible();

  await page.getByLabel('Bio').fill('Always hunting for LEGO and coffee deals.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  const me = await call(base, 'GET', `/users/${fresh.id}/profile`, { token: fresh.token });
  expect(me.bio).toBe('Always hunting for LEGO and coffee deals.');

  // On-blur rules of the password section.
  await page.getByLabel('New Password', { exact: true }).fill('N3w-Passw0rd');
  await page.getByLabel('Confirm New Password', { exact: true }).click();
  await page.getByLabel('Current Password', { exact: true }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Confirm New Password', { exact: true }).fill('N3w-Passw0rd');
  await page.getByLabel('Current Password', { exact: true }).fill(fresh.password);
  await page.keyboard.press('Tab');
  await expect(page.getByText('Current password is required when changing password')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'profile-password');
  // The first save's toast (4 s) must be gone, so the one below is this save's.
  await expect(page.getByText('Profile updated successfully.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('');
  // The session continues on the fresh token the server handed back.
  await page.reload();
  await expect(page.getByTestId('header-username')).toHaveText(fresh.username);

  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByText('Your recent activity will appear here.')).toBeVisible();
  await screenshots(page, 'profile-activity');
  await page.getByRole('tab', { name: 'Saved Deals' }).click();
  await expect(page.getByRole('link', { name: 'View your saved deals' })).toHaveAttribute('href', '/user/saved-deals');

  await signOutFromMenu(page);
  // From a signed-in-only page, signing out lands on the home page (not on the sign-in page the guard would send to).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await signIn(page, fresh.username, 'N3w-Passw0rd');
});
