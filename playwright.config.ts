import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The browser suite runs the production build of the real server on SQLite with demo data, in a fresh DATA_DIR. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-e2e-'));
process.env.E2E_DATA_DIR = E2E_DATA_DIR;
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Passw0rd';
export const E2E_AMAZON_TAG = 'quidsin-e2e-21';
/** e2e/admin-scrapers.spec.ts serves its deals feed, product pages and images here; the server may fetch only this. */
export const E2E_FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? E2E_PORT + 10_000);
process.env.E2E_FIXTURE_PORT = String(E2E_FIXTURE_PORT);
/** e2e/push.spec.ts runs the mock push service (web-push-testing) here; the server may push to it. */
export const E2E_PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? E2E_PORT + 10_001);
process.env.E2E_PUSH_PORT = String(E2E_PUSH_PORT);
process.env.E2E_SCRAPER_SOURCE_URL ??= `http://127.0.0.1:${E2E_FIXTURE_PORT}/rss/new`;
process.env.E2E_SAFE_FETCH_ALLOW ??= `127.0.0.1:${E2E_FIXTURE_PORT},127.0.0.1:${E2E_PUSH_PORT}`;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } }],
  webServer: {
    // E2E_SERVER_CMD="npx tsx src/server/main.ts" runs the server from source (parallel local runs).
    command: process.env.E2E_SERVER_CMD ?? 'node dist/node/server/main.js',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '50',
      E2E_FAST_BATCH: '1',
      // Amazon UK's deals go out tagged (e2e/analytics.spec.ts follows a tagged click to the fixture shop).
      AMAZON_TAG: E2E_AMAZON_TAG,
      ...(process.env.E2E_WEB_ROOT ? { WEB_ROOT: process.env.E2E_WEB_ROOT } : {}),
      ...(process.env.E2E_SCRAPER_SOURCE_URL ? { SCRAPER_SOURCE_URL: process.env.E2E_SCRAPER_SOURCE_URL } : {}),
      ...(process.env.E2E_SAFE_FETCH_ALLOW ? { SAFE_FETCH_ALLOW: process.env.E2E_SAFE_FETCH_ALLOW } : {}),
    },
  },
});
