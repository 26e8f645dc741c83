import { expect, type Page, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots, signIn } from './support/app.js';
import { call, createMember, login, type Member, pngBuffer, postDeal } from './support/seed-api.js';

/**
 * The admin back office (docs/notes/web-admin.md): pending deals activated in a batch and seen publicly, an edit seen publicly,
 * categories and stores, users and roles, and everyone who is not an admin kept out of /admin.
 */
const BASE = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random().toString(36).slice(2, 7);

let adminToken: string;
let alice: Member;
let bob: Member;
const pending: Array<{ id: number; title: string }> = [];

test.beforeAll(async () => {
  adminToken = (await login(BASE, ADMIN.username, ADMIN.password)).token;
  alice = await createMember(BASE, dataDir(), 'alice');
  bob = await createMember(BASE, dataDir(), 'bob');
  for (const [member, title, colour] of [
    [alice, `Bose SoundLink Flex Speaker ${run}`, [37, 99, 235]],
    [bob, `Russell Hobbs Kettle 1.7L ${run}`, [220, 38, 38]],
  ] as const) {
    const deal = await postDeal(BASE, member.token, { title, price: 89.99, originalPrice: 149.99, categoryId: 1, storeId: 42, colour: [...colour] });
    expect(deal.status).toBe('pending');
    pending.push({ id: deal.id, title });
  }
});

/** Batch waits shortened through the constants file's runtime switch (src/web/pages/admin/batch-constants.ts). */
async function asAdmin(page: Page) {
  await page.addInitScript(() => {
    (window as Window & { __E2E_FAST_BATCH__?: boolean }).__E2E_FAST_BATCH__ = true;
  });
  await signIn(page, ADMIN.username, ADMIN.password);
}

test('admin activates two members’ pending deals from View Pending and they appear on the public browse page', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-pending-deals')).toContainText('% of total');
  await expect(page.getByText('No recent activity found')).toHaveCount(0);
  await screenshots(page, 'admin-dashboard');

  const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
  const pendingBadge = page.getByTestId('badge-pending');
  await expect(pendingBadge).not.toHaveText('0');
  const pendingBefore = Number(await pendingBadge.textContent());
  await sidebar.getByRole('link', { name: /View Pending/ }).click();
  await expect(page).toHaveURL(/\/admin\/deals\?status=pending$/);
  await expect(page.getByRole('heading', { name: 'Deals Management' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('pending');

  const activate = page.getByRole('button', { name: 'Activate Selected Deals' });
  const remove = page.getByRole('button', { name: 'Delete Selected Deals' });
  await expect(page.getByText('0 deal(s) selected')).toBeVisible();
  await expect(activate).toBeDisabled();
  await expect(remove).toBeDisabled();

  for (const deal of pending) await page.getByRole('checkbox', { name: `Select ${deal.title}` }).check();
  await expect(page.getByText('2 deal(s) selected')).toBeVisible();
  await expect(activate).toBeEnabled();
  await screenshots(page, 'admin-deals-pending-selected');

  // The first activation answers slowly so the progress dialog can be looked at.
  let held = false;
  await page.route('**/api/admin/deals/*/activate', async (route) => {
    if (!held) {
      held = true;
      await new Promise((r) => setTimeout(r, 4000));
    }
    await route.continue();
  });
  await activate.click();
  const dialog = page.getByRole('dialog', { name: 'Activating Deals' });
  await expect(dialog.getByTestId('batch-count')).toHaveText('0 of 2 completed');
  await expect(dialog.getByTestId('batch-current')).toHaveText(`Activating deal #${pending[0].id} (1 of 2)...`);
  // The page behind the modal is inert (out of the accessibility tree), so the button is found by its text.
  await expect(page.locator('button', { hasText: 'Activate Selected Deals' })).toBeDisabled();
  // The user cannot close it: Escape does nothing while it runs.
  await page.keyboard.press('Escape');
  await expect(dialog.getByTestId('batch-count')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/admin-batch-progress-desktop.png' });
  await expect(page.getByText('Successfully activated 2 deal(s)')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('0 deal(s) selected')).toBeVisible();
  for (const deal of pending) await expect(page.getByRole('checkbox', { name: `Select ${deal.title}` })).toHaveCount(0);
  await expect(pendingBadge).toHaveText(String(pendingBefore - 2));

  // Public: both deals are active, newest first on the browse page.
  await page.goto('/dealsBrowse');
  for (const deal of pending) await expect(page.locator(`a[href="/dealDetail/${deal.id}"]`).first()).toBeVisible();
  const publicDeal = await call(BASE, 'GET', `/deals/${pending[0].id}`);
  expect(publicDeal.status).toBe('active');
});

test('admin edits a deal and the change shows publicly', async ({ page }) => {
  const deal = await postDeal(BASE, adminToken, {
    title: `Philips Airfryer XXL ${run}`,
    price: 149,
    originalPrice: 249,
    categoryId: 9,
    storeId: 42,
    status: 'active',
  });
  await asAdmin(page);
  await page.goto('/admin/deals');
  await page.getByLabel('Search deals').fill(`Philips Airfryer XXL ${run}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=Philips/);
  await expect(page.getByTestId('viewing-range')).toHaveText('Viewing 1 to 1 of 1 deals');
  await page.getByRole('link', { name: `Edit Philips Airfryer XXL ${run}` }).click();

  await expect(page.getByRole('heading', { name: 'Edit Deal' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Philips Airfryer XXL ${run}`);
  await expect(page.getByTestId('image-preview')).toBeVisible();
  // Active with a local image: Promote on X opens a prefilled post.
  const promote = page.getByRole('link', { name: 'Promote on X' });
  await expect(promote).toHaveAttribute('target', '_blank');
  const href = new URL((await promote.getAttribute('href')) ?? '');
  expect(href.origin + href.pathname).toBe('https://x.com/intent/post');
  const text = href.searchParams.get('text') ?? '';
  expect(text).toContain('QuidsIn');
  expect(text).toContain('#AmazonUK');
  expect(text).toContain('Price currently down to £149.00 from £249.00');
  expect(text).toContain(`${BASE}/dealDetail/${deal.id}`);
  await screenshots(page, 'admin-edit-deal');

  await page.getByLabel('Title', { exact: true }).fill('');
  await page.getByLabel('Title', { exact: true }).blur();
  await expect(page.getByText('Title is required')).toBeVisible();
  const newTitle = `Philips Airfryer XXL HD9650 ${run}`;
  await page.getByLabel('Title', { exact: true }).fill(newTitle);
  await page.getByLabel('Price (£)', { exact: true }).fill('129.5');
  await page.getByLabel('Coupon Code').fill('FRY20');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Deal updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/deals$/);

  await page.goto(`/dealDetail/${deal.id}`);
  await expect(page.getByRole('heading', { name: newTitle })).toBeVisible();
  await expect(page.getByText('£129.50').first()).toBeVisible();
  await expect(page.getByText('FRY20').first()).toBeVisible();
});

test('Deals Management: filters and sort live in the URL without history entries; single delete asks first', async ({ page }) => {
  const doomed = await postDeal(BASE, adminToken, {
    title: `Doomed Toaster ${run}`,
    price: 10,
    originalPrice: 20,
    categoryId: 4,
    storeId: 42,
    status: 'active',
  });
  await asAdmin(page);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/admin\/deals$/);
  await expect(page.getByLabel('Status').locator('option').first()).toHaveText('All Statusess');
  await expect(page.getByPlaceholder('Search deals by title or description...')).toBeVisible();

  await page.getByLabel('Status').selectOption('active');
  await expect(page).toHaveURL(/status=active/);
  const dealHeader = page.getByRole('columnheader', { name: 'Deal' });
  await expect(dealHeader).toHaveAttribute('aria-sort', 'none');
  await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
  await dealHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=title_asc/);
  await expect(dealHeader).toHaveAttribute('aria-sort', 'ascending');
  await dealHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=title_desc/);
  await expect(dealHeader).toHaveAttribute('aria-sort', 'descending');
  await screenshots(page, 'admin-deals-all');
  // Every change replaced the entry: Back leaves Deals Management for the dashboard.
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`/admin/deals?search=${encodeURIComponent(`Doomed Toaster ${run}`)}`);
  await page.getByRole('button', { name: `Delete Doomed Toaster ${run}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Deal' });
  await expect(confirm).toContainText('Are you sure you want to delete this deal? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deal deleted successfully')).toBeVisible();
  await expect(page.getByText('No deals found.')).toBeVisible();
  await expect(page.getByTestId('viewing-range')).toHaveText('Viewing 0 to 0 of 0 deals');
  await expect(call(BASE, 'GET', `/admin/deals/${doomed.id}`, { token: adminToken })).rejects.toThrow(/404/);
});

test('batch delete of selected pending deals asks first, names images and backups, and removes the rows', async ({ page }) => {
  const carol = await createMember(BASE, dataDir(), 'carol');
  const titles = [`Spam Listing One ${run}`, `Spam Listing Two ${run}`];
  for (const title of titles) await postDeal(BASE, carol.token, { title, price: 1, originalPrice: 2, categoryId: 25, storeId: 42 });
  await asAdmin(page);
  await page.goto(`/admin/deals?status=pending&search=${encodeURIComponent(`Spam Listing ${run}`)}`);
  await expect(page.getByTestId('viewing-range')).toHaveText('Viewing 1 to 2 of 2 deals');
  await page.getByRole('checkbox', { name: 'Select all deals on this page' }).check();
  await expect(page.getByText('2 deal(s) selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Selected Deals' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Selected Deals' });
  await expect(confirm).toContainText('Are you sure you want to delete 2 selected deal(s)?');
  await expect(confirm).toContainText('This will remove all associated data including images and backup records.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Selected deals deleted successfully')).toBeVisible();
  await expect(page.getByText('No deals found.')).toBeVisible();
});

test('categories: create with an auto slug, edit, delete, and no delete while the category has deals', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
  await screenshots(page, 'admin-categories');

  const name = `Smart Home ${run}`;
  await page.getByRole('button', { name: 'Add Category' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Category' });
  await modal.getByLabel('Name').fill(`Smart Home & Garden ${run}`);
  await expect(modal.getByLabel('Slug')).toHaveValue(`smart-home-garden-${run}`);
  await modal.getByLabel('Name').fill(name);
  await expect(modal.getByLabel('Slug')).toHaveValue(`smart-home-${run}`);
  await screenshots(page, 'admin-category-modal');
  await modal.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText('Category created successfully')).toBeVisible();
  const row = page.getByTestId('category-row').filter({ hasText: name });
  await expect(row).toContainText(`smart-home-${run}`);

  // Edit: the slug follows the new name until it is typed by hand.
  const renamed = `Connected Home ${run}`;
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await edit.getByLabel('Name').fill(renamed);
  await expect(edit.getByLabel('Slug')).toHaveValue(`connected-home-${run}`);
  await edit.getByLabel('Slug').fill(`iot-${run}`);
  await edit.getByLabel('Name').fill(`${renamed} Tech`);
  await expect(edit.getByLabel('Slug')).toHaveValue(`iot-${run}`);
  await edit.getByLabel('Name').fill(renamed);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Category updated successfully')).toBeVisible();
  const renamedRow = page.getByTestId('category-row').filter({ hasText: renamed });
  await expect(renamedRow).toContainText(`iot-${run}`);

  // While a deal uses it, delete is disabled with the reason.
  const { categories } = await call<{ categories: Array<{ id: number; name: string }> }>(BASE, 'GET', '/admin/categories', { token: adminToken });
  const categoryId = categories.find((c) => c.name === renamed)!.id;
  const deal = await postDeal(BASE, adminToken, { title: `Hive Thermostat ${run}`, price: 99, originalPrice: 199, categoryId, storeId: 42, status: 'active' });
  await page.reload();
  const blocked = page.getByRole('button', { name: `Delete ${renamed}` });
  await expect(blocked).toBeDisabled();
  await expect(blocked).toHaveAttribute('title', 'Cannot delete category with deals');

  // Once the deal is gone, the category can go, after the confirmation.
  await call(BASE, 'DELETE', `/admin/deals/${deal.id}`, { token: adminToken });
  await page.reload();
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Category' });
  await expect(confirm).toContainText('Are you sure you want to delete this category? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Category deleted successfully')).toBeVisible();
  await expect(page.getByTestId('category-row').filter({ hasText: renamed })).toHaveCount(0);
});

test('stores: add a store with a logo; the logo checks refuse big and non-image files', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/admin/stores');
  await expect(page.getByRole('heading', { name: 'Stores' })).toBeVisible();
  // The members' deals of this file are at Amazon UK (store 42).
  const amazon = page.getByRole('button', { name: 'Delete Amazon UK' });
  await expect(amazon).toBeDisabled();
  await expect(amazon).toHaveAttribute('title', 'Cannot delete store with deals');
  await page.getByRole('button', { name: 'Add Store' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Store' });
  const name = `Corner Shop ${run}`;
  await modal.getByLabel('Name').fill(name);
  await modal.getByLabel(/Website URL/).fill('not a url');
  await modal.getByLabel(/Website URL/).blur();
  await expect(modal.getByText('Must be a valid URL')).toBeVisible();
  await modal.getByLabel(/Website URL/).fill('https://www.cornershop.example');

  const logoInput = modal.locator('#store-logo');
  await logoInput.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(1024 * 1024 + 10, 1) });
  await expect(modal.getByText('Logo file size must be less than 1MB.')).toBeVisible();
  await logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(modal.getByText('Only image files are allowed.')).toBeVisible();
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngBuffer([234, 88, 12], 96) });
  await expect(modal.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await screenshots(page, 'admin-store-modal');
  await modal.getByRole('button', { name: 'Add Store' }).click();
  await expect(page.getByText('Store created successfully')).toBeVisible();

  const row = page.getByTestId('store-row').filter({ hasText: name });
  await expect(row.locator('img')).toHaveAttribute('src', /\/uploads\//);
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeEnabled();
  await screenshots(page, 'admin-stores');
});

test('a member and a moderator are kept out of the admin screens; signed-out visitors too', async ({ page, browser }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(`${BASE}/`);

  const member = await createMember(BASE, dataDir(), 'mia');
  await signIn(page, member.username, member.password);
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.goto('/admin/deals');
  await expect(page).toHaveURL(`${BASE}/`);

  // An admin makes a member a moderator through the Users screen.
  const mod = await createMember(BASE, dataDir(), 'mod');
  const adminPage = await browser.newPage();
  await asAdmin(adminPage);
  await adminPage.goto(`/admin/users`);
  await adminPage.getByLabel('Search users').fill(mod.username);
  await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
  const row = adminPage.getByTestId('user-row').filter({ hasText: mod.username });
  await expect(row).toContainText('No');
  await row.getByLabel(`Role of ${mod.username}`).selectOption('moderator');
  await expect(adminPage.getByText(`${mod.username} is now a moderator`)).toBeVisible();
  await expect(row.getByText('moderator', { exact: true })).toBeVisible();
  await adminPage.getByLabel('Search users').fill('');
  await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
  const fixed = adminPage
    .getByTestId('user-row')
    .filter({ has: adminPage.getByText('admin@', { exact: false }) })
    .first();
  await expect(fixed.getByRole('combobox')).toBeDisabled();
  await expect(fixed).toContainText('Yes');
  await screenshots(adminPage, 'admin-users');
  await adminPage.close();

  const modPage = await browser.newPage();
  await signIn(modPage, mod.username, mod.password);
  const me = await call(BASE, 'GET', '/auth/me', { token: (await login(BASE, mod.username, mod.password)).token });
  expect(me.user.role).toBe('moderator');
  // A moderator is shown their own screens (docs/notes/posting.md), never an administrator's, and not sent home silently.
  await modPage.goto('/admin/deals');
  await expect(modPage.getByRole('heading', { name: 'Back office' })).toBeVisible();
  await expect(modPage.getByRole('heading', { name: 'Deals Management' })).toHaveCount(0);
  await expect(modPage.getByRole('list', { name: 'Your screens' }).getByRole('link', { name: /Reports/ })).toBeVisible();
  await modPage.close();
});

test('the dashboard shows its error with Retry when the numbers cannot be loaded, and Quick Access links', async ({ page }) => {
  await asAdmin(page);
  await page.route('**/api/admin/dashboard', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"boom"}' }),
  );
  await page.goto('/admin');
  await expect(page.getByText('Failed to load dashboard data. Please try again later.')).toBeVisible();
  await screenshots(page, 'admin-dashboard-error');
  await page.unroute('**/api/admin/dashboard');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('stat-total-users')).toBeVisible();
  await expect(page.getByTestId('stat-active-deals')).toHaveAttribute('href', '/admin/deals?status=active');
  await expect(page.getByTestId('stat-pending-deals')).toHaveAttribute('href', '/admin/deals?status=pending');
  await expect(page.getByTestId('recent-activity').getByRole('listitem')).not.toHaveCount(0);

  await page.getByRole('tab', { name: 'Quick Access' }).click();
  await page
    .getByRole('tabpanel')
    .getByRole('link', { name: /Scrapers/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/scrapers$/);

  // On a phone the sidebar is a drawer behind the menu button.
  await page.setViewportSize({ width: 390, height: 844 });
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await expect(nav).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/admin-sidebar-drawer-mobile.png' });
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(nav).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The sidebar: who is signed in, Back to Site, Sign out to '/'.
  await expect(page.getByTestId('admin-email')).toHaveText(/@/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
});
