import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.js';

export const ADMIN = { username: 'admin', password: E2E_ADMIN_PASSWORD };
export const dataDir = () => process.env.E2E_DATA_DIR as string;

/** The newest verification link written to DATA_DIR/outbox for `email` (mails are .eml files when SMTP_URL is unset). */
export async function verificationLinkFor(email: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const f of files) {
      const raw = fs.readFileSync(path.join(outbox, f), 'utf8');
      if (!raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
      // Quoted-printable may fold long lines ("=\n") and encode "=" as "=3D".
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = /https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No verification mail for ${email} in ${outbox}`);
}

/** Signs in through the real login form. */
export async function signIn(page: Page, credential: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/username or email/i).fill(credential);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByTestId('header-username')).toHaveText(credential, { timeout: 15_000 });
}

/** Full-page screenshots at desktop and mobile width, kept as test artifacts under test-results/screens. */
export async function screenshots(page: Page, name: string) {
  const dir = path.join('test-results', 'screens');
  fs.mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  await page.screenshot({ path: path.join(dir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(dir, `${name}-mobile.png`), fullPage: true });
  if (original) await page.setViewportSize(original);
}

/**
 * Opens the header's account menu. The menu is its own chunk, so a click before it has arrived opens nothing: the click
 * is tried again until the menu shows.
 */
export async function openAccountMenu(page: Page) {
  const menu = page.getByRole('banner').getByRole('menu');
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByTestId('header-username').click();
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Signs out through the header's account menu. */
export async function signOutFromMenu(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}
