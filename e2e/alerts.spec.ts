import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from './support/test.js';
import { E2E_PORT } from '../playwright.config.js';
import { ADMIN, dataDir, screenshots } from './support/app.js';
import { call, createMember, login, type Member, postDeal } from './support/seed-api.js';

/**
 * Keyword alerts (docs/notes/alerts.md) end to end: a member creates an alert from a browse search, an admin activates a matching
 * pending deal, the alert mail lands in the outbox with the deal link and the one-click unsubscribe headers, and the
 * mail's unsubscribe page (no sign-in needed) pauses the alert, which /alerts then shows.
 */
test.describe.configure({ mode: 'serial' });

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const run = Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 6)
  .padEnd(6, 'q');
/** A word no demo deal has, so the alert matches only the deal made here. */
const WORD = `quokka${run}`;

let alertee: Member;
let poster: Member;
let adminToken: string;

const asMember = (page: Page, m: Member) => page.addInitScript((token) => localStorage.setItem('token', token), m.token);
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

interface Mail {
  headers: string;
  body: string;
}

/** The alert mail for `email` that links `dealPath`, from DATA_DIR/outbox (the outbox worker drains every 5 s). */
async function alertMailFor(email: string, dealPath: string, timeoutMs = 45_000): Promise<Mail> {
  const outbox = path.join(dataDir(), 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const f of files) {
      const raw = fs.readFileSync(path.join(outbox, f), 'utf8');
      const split = raw.search(/\r?\n\r?\n/);
      // Folded header lines are unfolded; quoted-printable soft breaks and '=3D' are undone in the body.
      const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
      const body = raw
        .slice(split)
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '=');
      if (!new RegExp(`^to: .*${email.replace(/[.]/g, '\\.')}`, 'im').test(headers)) continue;
      if (body.includes(dealPath)) return { headers, body };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`No alert mail for ${email} linking ${dealPath} in ${outbox}`);
}

test.beforeAll(async () => {
  adminToken = (await login(BASE, ADMIN.username, ADMIN.password)).token;
  alertee = await createMember(BASE, dataDir(), 'alrt');
  poster = await createMember(BASE, dataDir(), 'post');
});

test('visitors read what alerts do and are asked to sign in', async ({ page }) => {
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Alerts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How alerts work' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to create an alert' })).toBeVisible();
  await screenshots(page, 'alerts-visitor');
});

test('a member creates an alert from a search, gets the mail when a matching deal goes live, and the mail link stops it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await asMember(page, alertee);

  // Browse: a search offers "Create alert" (prefilled) and the view's RSS feed.
  await page.goto(`/dealsBrowse?search=${WORD}&category=1`);
  await expect(page.getByTestId('header-username')).toHaveText(alertee.username);
  const rss = page.getByRole('link', { name: 'RSS feed of these deals' });
  await expect(rss).toHaveAttribute('href', `/feeds/deals.xml?search=${WORD}&category=1&status=active&sort=newest`);
  const feed = await page.request.get(String(await rss.getAttribute('href')));
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  await screenshots(page, 'alerts-browse-create-alert');
  await page.getByRole('link', { name: 'Create alert' }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts\\?query=${WORD}&categoryId=1$`));
  await expect(page.getByLabel('Keywords')).toHaveValue(WORD);
  await expect(page.getByLabel(/^Category/)).toHaveValue('1');
  await page.getByLabel(/^Category/).selectOption(''); // any category: the deal below is posted in another one
  await page.getByRole('button', { name: 'Create alert' }).click();
  await expect(toast(page, `Alert created`)).toBeVisible();
  await expect(page).toHaveURL(/\/alerts$/);
  const card = page.getByTestId('alert-card').filter({ hasText: WORD });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('alert-status')).toHaveText('Active');
  await expect(card.getByRole('link', { name: 'RSS feed of this alert' })).toHaveAttribute('href', /\/feeds\/alerts\/.+\.xml$/);
  await expect(page.getByLabel('Keywords')).toHaveValue('');
  await screenshots(page, 'alerts-member');

  // Someone else posts a matching deal; it is pending until an admin activates it.
  const deal = await postDeal(BASE, poster.token, {
    title: `${WORD[0].toUpperCase()}${WORD.slice(1)} Smart Blender 1200W`,
    price: 59.99,
    originalPrice: 99.99,
    categoryId: 9,
    storeId: 3,
  });
  expect(deal.status).toBe('pending');
  await call(BASE, 'POST', `/admin/deals/${deal.id}/activate`, { token: adminToken, body: {} });

  const mail = await alertMailFor(alertee.email, `/dealDetail/${deal.id}`);
  expect(mail.headers).toMatch(new RegExp(`^List-Unsubscribe: <${BASE.replace(/[.]/g, '\\.')}/api/alerts/unsubscribe\\?token=[^>]+>`, 'im'));
  expect(mail.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
  expect(mail.body).toContain(`${BASE}/dealDetail/${deal.id}`);
  const link = /https?:\/\/[^\s"<>]+\/alerts\/unsubscribe\?token=[A-Za-z0-9._%-]+/.exec(mail.body)?.[0];
  expect(link, 'the visible unsubscribe link').toBeTruthy();

  // The mail's link works without signing in: it names the alert, and the button pauses it.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const mailPage = await visitor.newPage();
  await mailPage.goto(String(link));
  await expect(mailPage.getByRole('heading', { name: 'Stop this alert?' })).toBeVisible();
  await expect(mailPage.getByText(WORD)).toBeVisible();
  await screenshots(mailPage, 'alerts-unsubscribe-confirm');
  await mailPage.getByRole('button', { name: 'Stop emails for this alert' }).click();
  await expect(mailPage.getByRole('heading', { name: 'Alert paused' })).toBeVisible();
  await expect(mailPage.getByTestId('unsubscribe-result')).toContainText(WORD);
  await screenshots(mailPage, 'alerts-unsubscribe-done');

  // A broken link says so plainly.
  await mailPage.goto(`/alerts/unsubscribe?token=${encodeURIComponent('1.forged')}`);
  await expect(mailPage.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(mailPage.getByText('This unsubscribe link is not valid.')).toBeVisible();
  await visitor.close();

  // The member sees the alert paused, and can resume it.
  await page.goto('/alerts');
  await expect(card.getByTestId('alert-status')).toHaveText('Paused');
  await card.getByRole('button', { name: `Resume alert “${WORD}”` }).click();
  await expect(card.getByTestId('alert-status')).toHaveText('Active');

  // The dark theme (a dark device) keeps the page readable.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(card).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/alerts-member-dark-desktop.png', fullPage: true });
});

test('a member edits and deletes an alert (with confirmation)', async ({ page }) => {
  await asMember(page, alertee);
  await page.goto('/alerts');
  const card = page.getByTestId('alert-card').filter({ hasText: WORD });
  await card.getByRole('button', { name: `Edit alert “${WORD}”` }).click();
  await expect(card.getByLabel('Keywords')).toBeFocused();
  await card.getByLabel(/^Max price/).fill('75');
  await card.getByText('Daily digest').click();
  await card.getByRole('button', { name: 'Save alert' }).click();
  await expect(toast(page, 'Alert updated')).toBeVisible();
  await expect(card).toContainText('up to £75.00');
  await expect(card).toContainText('daily digest');

  await card.getByRole('button', { name: `Delete alert “${WORD}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this alert?' });
  await expect(dialog.getByText(`You will stop getting emails for “${WORD}”`)).toBeVisible();
  await screenshots(page, 'alerts-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete alert' }).click();
  await expect(toast(page, 'Alert deleted')).toBeVisible();
  await expect(page.getByTestId('alert-card').filter({ hasText: WORD })).toHaveCount(0);
});

test('the home page advertises its RSS feed', async ({ page }) => {
  await page.goto('/');
  const rss = page.getByRole('link', { name: 'RSS feed of the newest deals' });
  await expect(rss).toHaveAttribute('href', '/feeds/deals.xml');
  await rss.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/home-rss-link-desktop.png' });
});
