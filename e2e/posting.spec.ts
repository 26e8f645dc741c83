import http from 'node:http';
import sharp from 'sharp';
import { E2E_FIXTURE_PORT, E2E_PORT } from '../playwright.config.js';
import { EMPTY_PAGE, JSONLD_PAGE, MICRODATA_PAGE, OG_PAGE } from '../src/server/test/fixtures/posting/shop-pages.js';
import { ADMIN, dataDir, screenshots, signIn } from './support/app.js';
import { call, createMember, login, type Member } from './support/seed-api.js';
import { expect, type Page, test } from './support/test.js';

/**
 * Posting a deal in thirty seconds (docs/notes/posting.md): a pasted link fills the form from the shop's page (served
 * here on the fixture port the server may fetch), a shop we do not know is named by the member and confirmed by the
 * team, and a trusted member's deal goes live at once, where the team can pull it back with a reason the poster reads.
 */
const base = `http://127.0.0.1:${E2E_PORT}`;
const FIXTURE = `http://127.0.0.1:${E2E_FIXTURE_PORT}`;
const run = Math.random().toString(36).slice(2, 7);
const DEMO_PASSWORD = 'Demo-Passw0rd';
let server: http.Server;
let member: Member;

const asMember = (page: Page, token: string) => page.addInitScript((t) => localStorage.setItem('token', t), token);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.beforeAll(async () => {
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();
  const pages: Record<string, string> = { jsonld: JSONLD_PAGE, og: OG_PAGE, microdata: MICRODATA_PAGE, empty: EMPTY_PAGE };
  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', FIXTURE).pathname;
    if (path.startsWith('/img/')) return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
    const page = /^\/p\/(\w+)\//.exec(path)?.[1];
    if (page && pages[page]) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[page]);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E_FIXTURE_PORT, '127.0.0.1', resolve);
  });
  member = await createMember(base, dataDir(), 'paste');
});

test.afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

async function pasteLink(page: Page, url: string) {
  const field = page.getByLabel('Deal URL');
  await field.fill(url);
  await field.blur();
}

test('a pasted link fills the form: title, prices, description and picture; the member checks it and posts', async ({ page }) => {
  await asMember(page, member.token);
  await page.goto('/deals/create');
  await expect(page.getByText('Our team checks every deal before it goes live.')).toBeVisible();
  await pasteLink(page, `${FIXTURE}/p/jsonld/${run}`);
  await expect(page.getByTestId('prefill-note')).toHaveText(
    'Filled in from the page: title, price, original price, description, image. Check everything before you submit.',
  );
  await expect(page.getByLabel('Title')).toHaveValue('Ninja Foodi Dual Zone Air Fryer AF300UK 7.6L');
  await expect(page.getByLabel('Price (£)', { exact: true })).toHaveValue('149.99');
  await expect(page.getByLabel('Original price (£)')).toHaveValue('219.99');
  await expect(page.getByLabel('Description')).toHaveValue(/^Two independent drawers/);
  await expect(page.getByRole('img', { name: 'From the product page' })).toBeVisible();
  await screenshots(page, 'post-deal-prefilled');

  // The member edits what they like; the picture is kept unless they choose another.
  await page.getByLabel('Title').fill(`Ninja Dual Zone air fryer ${run} £149.99`);
  await page.getByLabel('Category').selectOption({ label: 'Home & Garden' });
  await page.getByLabel('Store').selectOption({ label: 'Argos' });
  await page.getByRole('button', { name: 'Submit Deal' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Submission!' })).toBeVisible();
  await expect(page.getByText(`Ninja Dual Zone air fryer ${run} £149.99`)).toBeVisible();
});

test('a page that cannot be read leaves the form as it was, with a short note (phone width)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await asMember(page, member.token);
  await page.goto('/deals/create');
  await page.getByLabel('Title').fill('My own words');
  await pasteLink(page, `${FIXTURE}/p/empty/${run}`);
  await expect(page.getByTestId('prefill-note')).toHaveText("We couldn't read that page: fill in the details yourself");
  await expect(page.getByLabel('Title')).toHaveValue('My own words');
  await expect(page.getByLabel('Price (£)', { exact: true })).toHaveValue('');
  await pasteLink(page, `${FIXTURE}/p/nowhere/${run}`);
  await expect(page.getByTestId('prefill-note')).toHaveText("We couldn't read that page: fill in the details yourself");
  await screenshots(page, 'post-deal-unreadable');
});

test('a shop we do not know: the member names it, the deal is posted under it, the team confirms it', async ({ page, browser }) => {
  const shopName = `Home Shop ${run}`;
  await asMember(page, member.token);
  await page.goto('/deals/create');
  await pasteLink(page, `${FIXTURE}/p/og/${run}`);
  await expect(page.getByLabel('Title')).toHaveValue('Bosch TWK7203GB Sky Kettle 1.7L');
  await expect(page.getByLabel('Original price (£)')).toHaveValue('89.99');
  // The page's site name is offered for the shop, which the member may correct.
  const shop = page.getByLabel('Shop name');
  await expect(shop).toHaveValue('Home Shop');
  await shop.fill(shopName);
  await page.getByRole('button', { name: 'Use this shop' }).click();
  await expect(page.getByText(`${shopName} is selected. Our team will confirm this new shop.`)).toBeVisible();
  await expect(page.getByLabel('Store').locator('option:checked')).toHaveText(shopName);
  await page.getByLabel('Category').selectOption({ label: 'Home & Garden' });
  await page.getByRole('button', { name: 'Submit Deal' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Submission!' })).toBeVisible();

  // Its page works without a logo.
  const stores = await call<Array<{ id: number; name: string; confirmed: boolean }>>(base, 'GET', '/stores');
  const created = stores.find((s) => s.name === shopName);
  expect(created?.confirmed).toBe(false);
  await page.goto(`/stores/${created?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: shopName })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN.username, ADMIN.password);
  await admin.goto('/admin/stores');
  const first = admin.getByTestId('store-row').first();
  await expect(admin.getByTestId('store-row').filter({ hasText: shopName })).toContainText('Unconfirmed');
  await expect(first).toContainText('Unconfirmed');
  await screenshots(admin, 'admin-stores-unconfirmed');
  await admin.getByRole('button', { name: `Confirm ${shopName}` }).click();
  await expect(toast(admin, `${shopName} confirmed`)).toBeVisible();
  await expect(admin.getByTestId('store-row').filter({ hasText: shopName })).not.toContainText('Unconfirmed');
});

test('a trusted member posts live at once; the team pulls it back with a reason; the poster reads it on My deals', async ({ page, browser }) => {
  // A demo member with a long good record (docs/notes/posting.md): the first whose status says trusted.
  let poster: { username: string; token: string } | undefined;
  for (const username of ['dealhunter_sam', 'kitchen_kate', 'gamer_gaz', 'diy_dave', 'bargain_bex', 'savvy_sophie']) {
    const session = await login(base, username, DEMO_PASSWORD);
    const status = await call<{ trusted: boolean }>(base, 'GET', '/deals/posting-status', { token: session.token });
    if (status.trusted) {
      poster = { username, token: session.token };
      break;
    }
  }
  expect(poster).toBeDefined();
  if (!poster) return;
  await asMember(page, poster.token);
  await page.goto('/deals/create');
  await expect(page.getByText('You are a trusted poster: your deal goes live as soon as you submit it.')).toBeVisible();
  await pasteLink(page, `${FIXTURE}/p/microdata/${run}`);
  await expect(page.getByLabel('Title')).toHaveValue('Lego Star Wars X-Wing 75355');
  const title = `Lego X-Wing 75355 ${run}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Original price (£)').fill('199.99');
  await page.getByLabel('Category').selectOption({ label: 'Toys & Kids' });
  await page.getByLabel('Store').selectOption({ label: 'Argos' });
  await page.getByRole('button', { name: 'Submit Deal' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You for Your Submission!' })).toBeVisible();
  const mine = await call<Array<{ id: number; title: string; status: string }>>(base, 'GET', '/user/deals', { token: poster.token });
  const deal = mine.find((d) => d.title === title);
  expect(deal?.status).toBe('active');

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN.username, ADMIN.password);
  await admin.getByRole('link', { name: 'Admin', exact: true }).click();
  await admin.getByRole('link', { name: 'Trusted Posts' }).click();
  await expect(admin.getByRole('heading', { name: 'Posted by trusted members' })).toBeVisible();
  const row = admin.getByTestId('trusted-post').filter({ hasText: title });
  await expect(row).toContainText('Active');
  await screenshots(admin, 'admin-trusted-posts');
  await row.getByRole('button', { name: 'Pull back to pending' }).click();
  await admin.getByLabel(/Reason/).fill('Checking the price with the shop');
  await admin.getByRole('button', { name: 'Pull back', exact: true }).click();
  await expect(toast(admin, 'Deal pulled back to pending')).toBeVisible();
  await expect(row).toContainText('Pending');

  await page.goto('/user/deals');
  await expect(page.getByTestId('my-deal-review').filter({ hasText: 'Back with the team: Checking the price with the shop' }).first()).toBeVisible();
  await screenshots(page, 'my-deals-review');
});

test('/help explains who posts live at once, in the site\u2019s numbers', async ({ page }) => {
  await page.goto('/help#posting');
  await expect(page.getByTestId('trusted-rule')).toHaveText(
    "Members with at least 3 approved deals, no deal rejected in the last 90 days and an account at least 7 days old are trusted posters: their deals go live at once. Everyone else's deals are checked by the team first.",
  );
});
