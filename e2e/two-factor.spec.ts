import { Secret, TOTP } from 'otpauth';
import { E2E_PORT } from '../playwright.config.js';
import { dataDir, screenshots } from './support/app.js';
import { createMember, type Member } from './support/seed-api.js';
import { expect, type Page, test } from './support/test.js';

/**
 * Account security in Chromium (docs/notes/account-security.md): TOTP on, then signing in with a code and with a
 * recovery code; a passkey added and used with the DevTools protocol's virtual authenticator; another session ended.
 * The site is opened as localhost: browsers refuse an IP address as a passkey's relying party, and the server takes a
 * loopback PUBLIC_URL as localhost (passkeys/webauthn.ts).
 */
const SITE = `http://localhost:${E2E_PORT}`;
const API = `http://127.0.0.1:${E2E_PORT}`;

const codeAt = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function passwordStep(page: Page, member: Member) {
  await page.goto(`${SITE}/login`);
  await page.getByLabel(/username or email/i).fill(member.username);
  await page.getByLabel(/^password/i).fill(member.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

const signedInAs = (page: Page, member: Member) => expect(page.getByTestId('header-username')).toHaveText(member.username, { timeout: 15_000 });

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.removeItem('token'));
}

test.describe('two-factor sign-in and passkeys', () => {
  test('turns TOTP on, then signs in with a code and with a recovery code', async ({ page }) => {
    const member = await createMember(API, dataDir(), 'tfa');
    await passwordStep(page, member);
    await signedInAs(page, member);
    await page.goto(`${SITE}/user/profile#security`);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    const setupAt = Date.now();
    await page.getByLabel('Code from the app').fill(codeAt(secret, setupAt));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    const codes = (await page.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByTestId('two-factor-on')).toContainText('10 recovery codes left');

    await signOut(page);
    await passwordStep(page, member);
    await expect(page.getByTestId('two-factor-step')).toBeVisible();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('two-factor-error')).toBeVisible();
    // A code is good once: the set-up's step is spent, so the code of a later step (the next one is within the drift allowed).
    const later = Math.floor(Date.now() / 30_000) > Math.floor(setupAt / 30_000) ? Date.now() : Date.now() + 30_000;
    await page.getByLabel('Authentication code').fill(codeAt(secret, later));
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedInAs(page, member);

    await signOut(page);
    await passwordStep(page, member);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedInAs(page, member);
    await page.goto(`${SITE}/user/profile#security`);
    await expect(page.getByTestId('two-factor-on')).toContainText('9 recovery codes left');
    await expect(page.getByTestId('security-activity')).toContainText('Signed in with a recovery code');
  });

  test('adds a passkey and signs in with it (virtual authenticator)', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const member = await createMember(API, dataDir(), 'pk');
    await passwordStep(page, member);
    await signedInAs(page, member);
    await page.goto(`${SITE}/user/profile#security`);
    await page.getByLabel('Name for a new passkey').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');

    await signOut(page);
    await page.goto(`${SITE}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await signedInAs(page, member);
    await page.goto(`${SITE}/user/profile#security`);
    await expect(page.getByTestId('security-activity')).toContainText('Signed in with a passkey');
  });

  test('ends another session, which is signed out at once', async ({ page, browser }) => {
    const member = await createMember(API, dataDir(), 'ses');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await passwordStep(otherPage, member);
    await signedInAs(otherPage, member);

    await passwordStep(page, member);
    await signedInAs(page, member);
    await page.goto(`${SITE}/user/profile#security`);
    const sessions = page.getByTestId('sessions');
    // The API helper's sign-up and sign-in, the other browser, this one.
    await expect(sessions.locator('li')).toHaveCount(4);
    await expect(sessions.getByText('This browser')).toHaveCount(1);
    // The other browser (Chrome, not this one) is signed out on its next request.
    await page.getByRole('button', { name: /^Sign out Chrome/ }).click();
    await expect(sessions.locator('li')).toHaveCount(3);
    await otherPage.goto(`${SITE}/user/profile`);
    await expect(otherPage).toHaveURL(/\/login/);
    // And the API helper's sessions go with "Sign out everywhere else"; this browser stays signed in.
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(sessions.locator('li')).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId('header-username')).toHaveText(member.username);
    await expect(page.getByTestId('security-activity')).toContainText('Signed out everywhere else');
    // The Security tab at 1280 and 390 px, light and dark (test-results/screens/security-*.png).
    await screenshots(page, 'security-light');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.getByTestId('sessions').locator('li')).toHaveCount(1);
    await screenshots(page, 'security-dark');
    await other.close();
  });
});
