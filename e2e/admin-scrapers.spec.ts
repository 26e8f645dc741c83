import http from 'node:http';
import { expect, test } from './support/test.js';
import sharp from 'sharp';
import { E2E_FIXTURE_PORT } from '../playwright.config.js';
import { ADMIN, screenshots, signIn } from './support/app.js';

/**
 * The Scrapers screen and the AI / Localize Image buttons (docs/notes/scrapers-ai.md) against a local deals website: a Pepper-style
 * RSS feed, product pages with JSON-LD and images, served on the fixed loopback port that playwright.config.ts
 * hands the server as SCRAPER_SOURCE_URL and SAFE_FETCH_ALLOW. The AI runs in its offline mode (no AI_BASE_URL).
 */
const FIXTURE = `http://127.0.0.1:${E2E_FIXTURE_PORT}`;
const run = Math.random().toString(36).slice(2, 7);

const ITEMS = [
  {
    id: `${run}01`,
    title: `HOT DEAL!!! Sony WH-1000XM5 Wireless Noise Cancelling Headphones (Black) ${run} - £249 @ Amazon`,
    merchant: 'Amazon',
    price: '£249',
    image: '/images/headphones.png',
  },
  {
    id: `${run}02`,
    title: `Ninja Foodi Dual Zone Air Fryer AF300UK ${run}`,
    merchant: `Fixture Kitchen ${run}`,
    price: '£119.99',
    image: '/images/airfryer.png',
  },
  { id: `${run}03`, title: `Free Greggs coffee in the app ${run}`, merchant: 'Greggs', price: null, image: '/images/coffee.png' },
];

function feed(): string {
  const items = ITEMS.map(
    (it) => `
    <item>
      <title><![CDATA[${it.title}]]></title>
      <link>${FIXTURE}/product/${it.id}</link>
      <guid isPermaLink="false">fixture-${it.id}</guid>
      <pepper:merchant name="${it.merchant}"/>
      ${it.price ? `<pepper:price>${it.price}</pepper:price>` : ''}
      <media:content medium="image" url="${FIXTURE}${it.image}" width="300" height="300"/>
      <category>Electronics</category>
      <pubDate>${new Date().toUTCString()}</pubDate>
      <description><![CDATA[<p>Spotted by the community: <strong>${it.title}</strong>.</p>]]></description>
    </item>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:pepper="http://www.pepper.com/rss">
  <channel><title>Fixture deals - New deals</title><link>${FIXTURE}/</link><description>Local fixture</description>${items}
  </channel>
</rss>`;
}

const productPage = (id: string) => `<!doctype html><html lang="en-GB"><head><title>Product ${id}</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Sony WH-1000XM5",
"description":"Industry-leading noise cancellation with eight microphones and up to 30 hours of battery life.",
"offers":{"@type":"Offer","price":"249.00","priceCurrency":"GBP"}}</script></head>
<body><h1>Sony WH-1000XM5</h1><p>Wireless headphones.</p></body></html>`;

let server: http.Server;
const hits: string[] = [];

test.beforeAll(async () => {
  const images = new Map<string, Buffer>();
  for (const [path, colour] of [
    ['/images/headphones.png', { r: 30, g: 41, b: 59 }],
    ['/images/airfryer.png', { r: 100, g: 116, b: 139 }],
    ['/images/coffee.png', { r: 146, g: 64, b: 14 }],
  ] as const) {
    images.set(
      path,
      await sharp({ create: { width: 320, height: 320, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    );
  }
  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', FIXTURE).pathname;
    hits.push(path);
    if (path === '/rss/new') return void res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(feed());
    const image = images.get(path);
    if (image) return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': image.length }).end(image);
    const product = /^\/product\/(\w+)$/.exec(path);
    if (product) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(productPage(product[1]));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E_FIXTURE_PORT, '127.0.0.1', resolve);
  });
});

test.afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

test('admin runs the scraper, sees the log and the pending deals, improves a title, grabs a description and localizes an image', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/scrapers');
  await expect(page.getByRole('heading', { name: 'Scrapers', exact: true })).toBeVisible();
  const card = page.getByRole('region', { name: 'Available Scrapers' });
  await expect(card.getByText('Scrapes deals from a deals website')).toBeVisible();
  await screenshots(page, 'admin-scrapers-empty');

  const runButton = card.getByRole('button', { name: /Run Scraper/ });
  await runButton.click();
  await expect(page.getByTestId('scraper-log-row').first()).toContainText('completed', { timeout: 30_000 });
  await expect(runButton).toBeEnabled();
  const log = page.getByTestId('scraper-log-row').first();
  await expect(log.locator('td').nth(3)).toHaveText('3');
  await expect(page.getByTestId('latest-data-file')).toContainText(/Latest data file: .+\.json/);
  expect(hits).toContain('/rss/new');
  await screenshots(page, 'admin-scrapers');

  // The imported deals wait in View Pending; the one without a price says so.
  await page.goto('/admin/deals?status=pending');
  const rows = page.getByTestId('admin-deal-row');
  await expect(rows.filter({ hasText: `Ninja Foodi Dual Zone Air Fryer AF300UK ${run}` })).toContainText('£119.99');
  await expect(rows.filter({ hasText: `Free Greggs coffee in the app ${run}` })).toContainText('No price');
  await expect(rows.filter({ hasText: `Ninja Foodi Dual Zone Air Fryer AF300UK ${run}` })).toContainText(`Fixture Kitchen ${run}`);
  const sony = rows.filter({ hasText: `Sony WH-1000XM5` }).filter({ hasText: run });
  await expect(sony).toHaveCount(1);
  await screenshots(page, 'admin-deals-scraped');

  await sony.getByRole('link', { name: /^Edit / }).click();
  await expect(page.getByRole('heading', { name: 'Edit Deal' })).toBeVisible();
  // An external image is never shown: a warning, a placeholder and Localize Image.
  await expect(page.getByText('External image detected. Please localize this image before using its.')).toBeVisible();
  await expect(page.getByTestId('image-placeholder')).toBeVisible();
  await expect(page.getByLabel('Image URL')).toHaveValue(`${FIXTURE}/images/headphones.png`);
  await expect(page.getByRole('link', { name: 'Promote on X' })).toHaveCount(0);
  await screenshots(page, 'admin-edit-scraped-deal');

  // Improve Title (offline rules): the fluff, the bracketed colour and the price/store tail go.
  const title = page.getByLabel('Title', { exact: true });
  const before = await title.inputValue();
  await page.getByRole('button', { name: 'Improve Title' }).click();
  await expect(page.getByText('Title improved successfully')).toBeVisible();
  await expect(title).not.toHaveValue(before);
  const improved = await title.inputValue();
  expect(improved).toContain('Sony WH-1000XM5');
  expect(improved).not.toMatch(/HOT DEAL|£249|\(Black\)/);

  // Grab a Description appears only once the description is empty, and reads the product page.
  await expect(page.getByRole('button', { name: 'Grab a Description' })).toHaveCount(0);
  await page.getByLabel('Description').fill('');
  await page.getByRole('button', { name: 'Grab a Description' }).click();
  await expect(page.getByText('Description generated successfully')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue(/Industry-leading noise cancellation/);
  await expect(page.getByRole('button', { name: 'Grab a Description' })).toHaveCount(0);
  expect(hits.some((h) => h.startsWith('/product/'))).toBe(true);

  // Localize Image: downloaded through the safe fetcher, re-encoded under /uploads/, shown as a preview.
  await page.getByRole('button', { name: 'Localize Image' }).click();
  await expect(page.getByText('Image localized successfully')).toBeVisible();
  await expect(page.getByLabel('Image URL')).toHaveValue(/^\/uploads\//);
  await expect(page.getByTestId('image-preview')).toBeVisible();
  await expect(page.getByText('External image detected. Please localize this image before using its.')).toHaveCount(0);
  expect(hits).toContain('/images/headphones.png');

  // Made active with a local image, it can be promoted; saving returns to the list.
  await page.getByLabel('Status').selectOption('active');
  await expect(page.getByRole('link', { name: 'Promote on X' })).toBeVisible();
  await screenshots(page, 'admin-edit-localized');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Deal updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/deals$/);

  await page.goto('/dealsBrowse');
  await expect(page.getByText(improved).first()).toBeVisible();
});

test('running the scraper again imports nothing twice', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/scrapers');
  await page.getByRole('button', { name: 'Run All Scrapers' }).click();
  await expect(page.getByRole('button', { name: 'Run All Scrapers' })).toBeEnabled({ timeout: 30_000 });
  const newest = page.getByTestId('scraper-log-row').first();
  await expect(newest).toContainText('completed');
  await expect(newest.locator('td').nth(3)).toHaveText('0');
  await expect(page.getByTestId('scraper-log-row')).toHaveCount(2);
});
