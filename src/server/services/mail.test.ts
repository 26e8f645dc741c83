import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.js';
import { useSmtpServer } from '../test/smtp.js';
import { createMailer } from './mail.js';

const logger = pino({ level: 'silent' });

describe('mail', () => {
  const smtp = useSmtpServer();
  const received = smtp.received;

  it('delivers the verification mail of a registration through a real SMTP server', async () => {
    const h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: 'QuidsIn <hello@quidsin.test>' });
    try {
      // The harness swaps in a recording mailer; put the real SMTP mailer back for this test.
      h.app.deps.mailer = createMailer({ smtpUrl: h.config.smtpUrl, from: h.config.mailFrom, outboxDir: h.config.outboxDir, logger });
      const res = await h.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'smtp_user', email: 'smtp@example.com', password: 'Sup3rSecret', termsAccepted: true },
      });
      expect(res.status).toBe(201);
      const deadline = Date.now() + 5000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(received).toHaveLength(1);
      expect(received[0].from).toBe('hello@quidsin.test');
      expect(received[0].to).toEqual(['smtp@example.com']);
      expect(received[0].raw).toContain('Subject: Verify your QuidsIn email address');
      const text = received[0].raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{40,}/);
    } finally {
      await h.close();
    }
  });

  it('writes an .eml file to the outbox when no SMTP server is configured', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-outbox-'));
    const mailer = createMailer({ from: 'QuidsIn <a@b.test>', outboxDir, logger });
    await mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Plain body', html: '<p>Plain body</p>' });
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = fs.readFileSync(path.join(outboxDir, files[0]), 'utf8');
    expect(raw).toContain('To: someone@example.com');
    expect(raw).toContain('Subject: Hello');
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });
});
