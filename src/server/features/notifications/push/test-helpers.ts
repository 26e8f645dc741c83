import crypto from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

/** A free loopback port (bound, read, released). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface MockPushService {
  port: number;
  /** host:port for SAFE_FETCH_ALLOW. */
  allow: string;
  /** A subscription as a browser would make it with the site's VAPID key, and the mock's id for it. */
  subscribe(applicationServerKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }>;
  /** What the mock received for a subscription, decrypted by it with the subscription's private key. */
  messages(clientHash: string): Promise<string[]>;
  /** The browser unsubscribes: the next push gets 410. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * web-push-testing (the mock push service) in this process on a free loopback port: it checks each push's VAPID
 * signature against the key the subscription was made with, decrypts the aes128gcm payload with the subscription's
 * private key and keeps it. Its endpoints name 127.0.0.1, so the SSRF guard lets them through only with SAFE_FETCH_ALLOW.
 */
export async function startMockPushService(): Promise<MockPushService> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js');
  const TestingServer = require('web-push-testing/src/server.js');
  const port = await freePort();
  const model = new PushApiModel();
  const server = new TestingServer(model, port);
  model.notifyUrl = `http://127.0.0.1:${port}/notify/`;
  const listening: http.Server = server._app.listen(port, '127.0.0.1');
  await new Promise((resolve) => listening.once('listening', resolve));
  server.setRequestHandlers();
  const base = `http://127.0.0.1:${port}`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`mock push service ${path}: HTTP ${res.status} ${text}`);
    return text.startsWith('{') ? JSON.parse(text) : null;
  };
  return {
    port,
    allow: `127.0.0.1:${port}`,
    subscribe: async (applicationServerKey) => (await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey })).data,
    messages: async (clientHash) => (await post('/get-notifications', { clientHash })).data.messages,
    expire: async (clientHash) => void (await post(`/expire-subscription/${clientHash}`, {})),
    close: () => new Promise((resolve) => listening.close(() => resolve())),
  };
}

export interface CapturedPush {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service whose answers the test scripts (429, 500, 410, a hang...), with a subscription whose private key the
 * test holds, so it decrypts what it received itself (RFC 8291 aes128gcm, with http_ece, web-push's own codec).
 */
export async function startScriptedPushService() {
  const received: CapturedPush[] = [];
  const answers: Array<{ status: number; headers?: Record<string, string> } | 'hang'> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      const answer = answers.shift() ?? { status: 201 };
      if (answer === 'hang') return;
      res.writeHead(answer.status, answer.headers ?? {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  let n = 0;
  return {
    port,
    allow: `127.0.0.1:${port}`,
    received,
    /** The next answers, in order (then 201s). */
    answer: (...next: typeof answers) => void answers.push(...next),
    /** A fresh subscription on this service (its own endpoint, the shared keys). */
    subscription: () => ({
      endpoint: `http://127.0.0.1:${port}/push/${++n}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }),
    decrypt(push: CapturedPush): unknown {
      const ece = require('http_ece');
      return JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'));
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
