/**
 * `npx tsx scripts/screenshots.ts` — the README's screenshots (docs/screenshots/*.png), taken again from the built app.
 *
 * Starts `node dist/node/server/main.js` (run `npm run build` first) on a free loopback port with a fresh temporary
 * DATA_DIR and the demo data, drives Debian's Chromium through Playwright, signs in as the seeded admin for the admin
 * screens, writes the PNGs and stops the server it started. Desktop shots are 1280x800, phone shots 390x844, all of
 * the viewport only (what a visitor sees first), with animations stopped so two runs give the same pictures.
 * Flags: --out DIR (default docs/screenshots).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Page } from '@playwright/test';
import { freePort, type Server, startServer } from '../bench/lib/processes.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const ADMIN_PASSWORD = 'Screens-Admin-Passw0rd';
const DESKTOP = { width: 1280, height: 800 };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

const outIndex = process.argv.indexOf('--out');
const OUT = path.resolve(outIndex > 0 ? (process.argv[outIndex + 1] ?? '') : 'docs/screenshots');
const SERVER = path.resolve('dist/node/server/main.js');
const WEB_ROOT = path.resolve('dist/web');

/**
 * Waits until the screen is finished: no request in flight, no loading placeholder (role=status "Loading", skeletons with
 * animate-pulse, aria-busy) and every image in view decoded. A screen that does not settle fails the run.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => {
      const busy = document.querySelector('[aria-busy="true"], .animate-pulse, .animate-spin');
      const loading = [...document.querySelectorAll('[role="status"]')].some((el) => /loading/i.test(el.textContent ?? ''));
      const images = [...document.images].filter((img) => {
        const r = img.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight && r.width > 0 && img.loading !== 'lazy';
      });
      return !busy && !loading && images.every((img) => img.complete);
    },
    undefined,
    { timeout: 20_000 },
  );
  // Fonts and the last layout pass.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
}

/** Fails loudly on an error screen rather than committing a picture of one. */
async function assertNoError(page: Page, name: string) {
  const alert = page.locator('[role="alert"]').filter({ hasText: /error|wrong|failed|could not/i });
  const notFound = page.getByRole('heading', { name: /not found|404/i });
  if ((await alert.count()) > 0 || (await notFound.count()) > 0) throw new Error(`${name}: the page shows an error (${page.url()})`);
}

async function shoot(page: Page, url: string, name: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(url);
  await ready(page);
  await settle(page);
  await assertNoError(page, name);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), animations: 'disabled', caret: 'hide' });
  console.log(`  ${name}.png  ${page.url().replace(/^https?:\/\/[^/]+/, '')}`);
}

async function withContext(browser: Browser, options: BrowserContextOptions, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', ...options });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

const cards = (page: Page) => page.getByTestId('deal-card').first().waitFor();

async function main() {
  for (const f of [SERVER, path.join(WEB_ROOT, 'index.html')])
    if (!fs.existsSync(f)) throw new Error(`${path.relative(process.cwd(), f)} is missing: run npm run build first`);
  fs.mkdirSync(OUT, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-screens-'));
  const port = await freePort();
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({
      args: [SERVER],
      port,
      healthPath: '/api/health',
      timeoutMs: 120_000,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        WEB_ROOT,
        DEMO_DATA: '1',
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FACTOR: '50',
      },
    });
    const base = server.url;
    console.log(`server pid ${server.pid} on ${base}, DATA_DIR ${dataDir}`);
    // The deal shown: the hottest active deal (the demo data has several; a picture and comments make a full page).
    const hot = (await (await fetch(`${base}/api/deals?status=active&sort=hottest&pageSize=1`)).json()) as { data: { deals: Array<{ id: number }> } };
    const dealId = hot.data.deals[0]?.id;
    if (!dealId) throw new Error('the demo data has no active deal');

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    await withContext(browser, {}, async (page) => {
      await shoot(page, `${base}/`, 'home', cards);
      await shoot(page, `${base}/dealsBrowse?status=active&sort=hottest`, 'browse', cards);
      await shoot(page, `${base}/dealDetail/${dealId}`, 'deal', (p) => p.getByRole('heading', { level: 1 }).waitFor());
    });
    await withContext(browser, { colorScheme: 'dark' }, async (page) => {
      await shoot(page, `${base}/`, 'home-dark', async (p) => {
        await cards(p);
        if (!(await p.evaluate(() => document.documentElement.classList.contains('dark')))) throw new Error('home-dark: the dark theme did not apply');
      });
    });
    await withContext(browser, PHONE, async (page) => {
      await shoot(page, `${base}/dealsBrowse?status=active&sort=hottest`, 'browse-mobile', cards);
      await shoot(page, `${base}/dealDetail/${dealId}`, 'deal-mobile', (p) => p.getByRole('heading', { level: 1 }).waitFor());
    });
    await withContext(browser, {}, async (page) => {
      await page.goto(`${base}/login`);
      await page.getByLabel(/username or email/i).fill('admin');
      await page.getByLabel(/^password/i).fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.getByTestId('header-username').filter({ hasText: 'admin' }).waitFor({ timeout: 15_000 });
      await shoot(page, `${base}/admin`, 'admin-dashboard', (p) => p.getByRole('heading', { level: 1 }).waitFor());
      await shoot(page, `${base}/admin/deals?status=pending`, 'admin-deals', (p) => p.getByRole('row').nth(1).waitFor());
      await shoot(page, `${base}/admin/deals/edit/${dealId}`, 'admin-edit', (p) => p.getByLabel(/title/i).first().waitFor());
    });
    console.log(`wrote ${path.relative(process.cwd(), OUT) || '.'}/*.png`);
  } finally {
    await browser?.close();
    if (server) {
      // Stopped by its pid (SIGTERM, then SIGKILL after a grace period).
      await server.stop();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`screenshots failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
  process.exit(1);
});
