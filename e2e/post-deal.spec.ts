import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { dataDir, screenshots } from './support/app.js';
import { createMember, type Member, pngBuffer, postDeal } from './support/seed-api.js';

/** Post a deal with an image upload, the confirmation page, and the owner's edit (SPEC §2 Post a deal, §5 Deal form). */
const base = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random().toString(36).slice(2, 7);
let member: Member;
let imagePath: string;

const asMember = (page: Page) => page.addInitScript((token) => localStorage.setItem('token', token), member.token);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.beforeAll(async () => {
  member = await createMember(base, dataDir(), 'post');
  imagePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'deal-img-')), 'kettle.png');
  fs.writeFileSync(imagePath, await pngBuffer([220, 38, 38], 120));
});

test('visitors are sent to log in; /submit-deal leads to the form', async ({ page }) => {
  await page.goto('/submit-deal');
  await expect(page).toHaveURL(/\/login$/);
  await asMember(page);
  await page.goto('/submit-deal');
  await expect(page).toHaveURL(/\/deals\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Deal' })).toBeVisible();
});

test('post a deal with an image, see the confirmation, then edit it as its owner', async ({ page }) => {
  await asMember(page);
  await page.goto('/deals/create');
  const form = page.locator('form').filter({ has: page.getByLabel('Title') });

  // Validated on blur, not while typing.
  const title = page.getByLabel('Title');
  await title.fill('x');
  await title.fill('');
  await expect(page.getByText('Title is required')).toHaveCount(0);
  await title.blur();
  await expect(page.getByText('Title is required')).toBeVisible();
  await page.getByLabel('Deal URL').fill('not a url');
  await page.getByLabel('Deal URL').blur();
  await expect(page.getByText('Must be a valid URL')).toBeVisible();

  // Submitting with nothing else filled shows every rule, including the image.
  await page.getByRole('button', { name: 'Submit Deal' }).click();
  for (const message of [
    'Description is required',
    'Price is required',
    'Original price is required',
    'Please select a category',
    'Please select a store',
    'Please upload an image for the deal',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('PNG, JPG, GIF up to 2MB')).toBeVisible();
  await expect(page.getByLabel('Price (£)', { exact: true })).toHaveAttribute('step', '0.01');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'post-deal-errors');

  // A non-image is refused on the client.
  const fileInput = page.locator('input[type=file]');
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Selected file must be an image')).toBeVisible();

  // The expiry toggle is off by default; turning it off clears the date.
  const expiry = page.getByRole('switch', { name: 'This deal has an expiry date' });
  await expect(expiry).toHaveAttribute('aria-checked', 'false');
  await expiry.click();
  await page.getByLabel('Expires at').fill('2099-12-24T18:00');
  await expiry.click();
  await expect(page.getByLabel('Expires at')).toHaveCount(0);
  await expiry.click();
  await expect(page.getByLabel('Expires at')).toHaveValue('');
  await page.getByLabel('Expires at').fill('2099-12-24T18:00');

  const dealTitle = `Russell Hobbs Inspire kettle ${run}`;
  await title.fill(dealTitle);
  await page
    .getByLabel('Description')
    .fill('Rapid boil 1.7L kettle in matt black.\nCollect in store today.\nPrice drop from £39.99.\nFourth line should not show.');
  await page.getByLabel('Deal URL').fill('https://www.argos.co.uk/product/1234567');
  await page.getByLabel('Price (£)', { exact: true }).fill('19.99');
  await page.getByLabel('Original price (£)').fill('39.99');
  await page.getByLabel('Category').selectOption({ label: 'Home & Garden' });
  await page.getByLabel('Store').selectOption({ label: 'Argos' });
  await page.getByLabel('Coupon code').fill('KETTLE5');
  await fileInput.setInputFiles(imagePath);
  await expect(page.getByText('Selected file must be an image')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Preview of the chosen file' })).toBeVisible();

  // Image first, then the deal.
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/deals')) calls.push(new URL(r.url()).pathname);
  });
  await page.getByRole('button', { name: 'Submit Deal' }).click();
  await expect(page).toHaveURL(/\/deals\/confirmation$/);
  expect(calls).toEqual(['/api/deals/upload-image', '/api/deals']);

  await expect(page.getByRole('heading', { name: 'Thank You for Your Submission!' })).toBeVisible();
  const card = page.getByTestId('submitted-deal');
  await expect(card).toContainText(dealTitle);
  await expect(card).toContainText('£19.99');
  await expect(card).toContainText('£39.99');
  await expect(card).toContainText('Price drop from £39.99.');
  await expect(card).not.toContainText('Fourth line');
  // The owner sees the uploaded image of their pending deal.
  await expect(card.getByRole('img', { name: dealTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Deals' })).toHaveAttribute('href', '/dealsBrowse');
  await screenshots(page, 'post-deal-confirmation');

  await page.getByRole('link', { name: 'View Deal Details' }).click();
  await expect(page.getByTestId('pending-notice')).toBeVisible();
  await expect(page.getByTestId('coupon-code')).toHaveText('KETTLE5');
  await expect(page.getByText(/Expires Dec 24, 2099/)).toBeVisible();
  const dealUrl = page.url();

  // The owner's edit: /deals/edit/{id}, prefilled, saved with PUT.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/deals\/edit\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Deal' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(dealTitle);
  await expect(page.getByLabel('Price (£)', { exact: true })).toHaveValue('19.99');
  await expect(page.getByLabel('Category')).toHaveValue('4');
  await expect(page.getByRole('switch', { name: 'This deal has an expiry date' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Expires at')).toHaveValue('2099-12-24T18:00');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, 'edit-deal');

  let method = '';
  page.on('request', (r) => {
    if (/\/api\/deals\/\d+$/.test(r.url()) && r.method() !== 'GET') method = r.method();
  });
  await page.getByLabel('Title').fill(`${dealTitle} now £17.99`);
  await page.getByLabel('Price (£)', { exact: true }).fill('17.99');
  await page.getByRole('switch', { name: 'This deal has an expiry date' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Deal updated successfully')).toBeVisible();
  expect(method).toBe('PUT');
  await expect(page).toHaveURL(dealUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${dealTitle} now £17.99`);
  await expect(page.getByTestId('deal-price')).toHaveText('£17.99');
  await expect(page.getByText(/Expires /)).toHaveCount(0);
});

test('another member cannot edit the deal', async ({ page }) => {
  const other = await createMember(base, dataDir(), 'nope');
  const deal = await postDeal(base, member.token, { title: `Not yours to edit ${run}`, price: 5, originalPrice: 10 });
  await page.addInitScript((token) => localStorage.setItem('token', token), other.token);
  await page.goto(`/deals/edit/${deal.id}`);
  // A pending deal is hidden from other members altogether; an active one would show the refusal.
  await expect(page.getByRole('heading', { name: /Deal Not Available|You can't edit this deal/ })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveCount(0);
});

test('the confirmation page without a deal falls back to Deal Submitted', async ({ page }) => {
  await page.goto('/deals/confirmation');
  await expect(page.getByRole('heading', { name: 'Deal Submitted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Deals' })).toHaveAttribute('href', '/dealsBrowse');
  await screenshots(page, 'post-deal-confirmation-fallback');
});
