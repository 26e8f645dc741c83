import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from './app.js';

/**
 * The newest link to `pathname` (e.g. '/reset-password') in a mail to `email`, read from DATA_DIR/outbox (mails are
 * .eml files when SMTP_URL is unset). Waits for the mail, which may be sent just after the API answered.
 */
export async function mailLinkFor(email: string, pathname: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  const pattern = new RegExp(`https?://[^\\s"<>]+${pathname.replace(/[/.?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+`);
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
      const match = pattern.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail with a ${pathname} link for ${email} in ${outbox}`);
}

/** How many mails to `email` the outbox holds (to tell that no mail was sent). */
export function mailCountFor(email: string): number {
  const outbox = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(outbox)) return 0;
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .filter((f) => fs.readFileSync(path.join(outbox, f), 'utf8').toLowerCase().includes(`to: ${email.toLowerCase()}`)).length;
}

/** The subjects of the mails to `email` in the outbox (a notice that carries no link, e.g. "your address was changed"). */
export function mailSubjectsFor(email: string): string[] {
  const outbox = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .filter((raw) => raw.toLowerCase().includes(`to: ${email.toLowerCase()}`))
    .map((raw) => /^subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '');
}
