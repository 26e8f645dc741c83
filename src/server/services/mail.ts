import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { lazyRequire } from '../infra/lazy-require.js';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. List-Unsubscribe of alert mails, RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * The headers of a mail sent to a member on a list they can leave (alert mails, gathered notifications): a stable
 * Message-ID made from the outbox row (so a mail repeated after a crash can be recognised), RFC 8058 one-click
 * unsubscribe (`List-Unsubscribe` pointing at a POST endpoint, `List-Unsubscribe-Post`), and Auto-Submitted.
 */
export function listMailHeaders(m: { publicUrl: string; kind: string; outboxId: number; dedupeKey: string; unsubscribeUrl: string }): Record<string, string> {
  const host = new URL(m.publicUrl).hostname || 'quidsin.local';
  const tag = crypto.createHash('sha256').update(m.dedupeKey).digest('hex').slice(0, 16);
  return {
    'Message-ID': `<${m.kind}-${m.outboxId}-${tag}@${host}>`,
    'List-Unsubscribe': `<${m.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'Auto-Submitted': 'auto-generated',
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to DATA_DIR/outbox, so that
 * verification works on a fresh machine with no mail server (ARCHITECTURE §4).
 */
/** Loaded with SMTP at start-up, or by the first message written to the outbox (lazy-require.ts). */
const nodemailer = lazyRequire<typeof import('nodemailer')>('nodemailer');
const outboxTransport = () => nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; logger: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer().createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
        opts.logger.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
    };
  }
  let transport: ReturnType<typeof outboxTransport> | undefined;
  return {
    async send(message) {
      transport ??= outboxTransport();
      const info = await transport.sendMail({ from: opts.from, ...message });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.mkdir(opts.outboxDir, { recursive: true });
      await fs.writeFile(file, info.message as Buffer);
      opts.logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}
