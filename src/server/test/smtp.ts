/** A real SMTP server for tests, on 127.0.0.1 and a free port, started and stopped with the enclosing block. */
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  /** The envelope's sender ('' for none) and recipients. */
  from: string;
  to: string[];
  /** The message as sent: headers and body. */
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL; known once the block's beforeAll has run. */
  readonly url: string;
  /** Mails the server accepted, oldest first. */
  received: ReceivedMail[];
}

/**
 * Registers an SMTP server (no auth, no STARTTLS) on the block's hooks. `refusal` is asked about every message once it
 * has arrived: an error it answers (give it a `responseCode` such as 451) refuses the message instead of accepting it.
 */
export function useSmtpServer({ refusal }: { refusal?: () => Error | undefined } = {}): TestSmtpServer {
  let server: SMTPServer | undefined;
  let port = 0;
  const received: ReceivedMail[] = [];
  beforeAll(async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const refused = refusal?.();
          if (refused) return callback(refused);
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    server = smtp;
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
  };
}
