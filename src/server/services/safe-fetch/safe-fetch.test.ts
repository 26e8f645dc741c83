import net from 'node:net';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loopbackOnlyConnections } from '../../test/fixtures/scrapers-ai/connection-guard.js';
import { chunked, type FixtureServer, pngImage, redirect, send, slow, startServer } from '../../test/fixtures/scrapers-ai/fixture-server.js';
import { checkTarget, IMAGE_MAX_BYTES, safeFetch, SafeFetchError, type SafeFetchOptions } from './safe-fetch.js';

let server: FixtureServer;
let allow: string[];
let png: Buffer;

beforeAll(async () => {
  png = await pngImage();
  server = await startServer({
    '/ok': send('text/html; charset=utf-8', '<p>hello</p>'),
    '/image.png': send('image/png', png),
    '/big-declared': send('image/png', Buffer.alloc(IMAGE_MAX_BYTES + 10)),
    '/big-streamed': chunked('image/png', IMAGE_MAX_BYTES + 256 * 1024),
    '/slow': slow(5_000),
    '/gzip': (_req, res) => {
      const body = zlib.gzipSync('<p>compressed page</p>');
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': body.length }).end(body);
    },
    '/gzip-bomb': (_req, res) => {
      const body = zlib.gzipSync(Buffer.alloc(3 * 1024 * 1024));
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': body.length }).end(body);
    },
    '/missing': send('text/plain', 'gone', 404),
  });
  allow = [`127.0.0.1:${server.port}`];
  server.route('/hop1', redirect('/hop2'));
  server.route('/hop2', redirect(`${server.base}/ok`, 301));
  server.route('/to-private', redirect('http://10.0.0.1/admin'));
  server.route('/to-metadata', redirect('http://169.254.169.254/latest/meta-data/'));
  server.route('/to-file', redirect('file:///etc/passwd'));
  for (let i = 0; i < 7; i++) server.route(`/loop${i}`, redirect(`/loop${i + 1}`));
  server.route('/loop7', send('text/plain', 'end'));
});
afterAll(() => server.close());

/** Any attempt to open a socket fails the test loudly instead of reaching the network. */
function forbidConnections() {
  const netSpy = vi.spyOn(net, 'connect').mockImplementation((() => {
    throw new Error('a connection was attempted');
  }) as never);
  const tlsSpy = vi.spyOn(tls, 'connect').mockImplementation((() => {
    throw new Error('a TLS connection was attempted');
  }) as never);
  return () => [...netSpy.mock.calls, ...tlsSpy.mock.calls].length;
}

const page = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({ maxBytes: 2 * 1024 * 1024, allow, timeoutMs: 3_000, ...extra });

async function refusal(url: string, opts: Partial<SafeFetchOptions> = {}): Promise<SafeFetchError> {
  const err = await safeFetch(url, { maxBytes: 1024, timeoutMs: 3_000, ...opts }).then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(SafeFetchError);
  return err as SafeFetchError;
}

describe('safeFetch on an allowed fixture server', () => {
  it('fetches a page and reports type and final URL', async () => {
    const res = await safeFetch(`${server.base}/ok`, page());
    expect(res.status).toBe(200);
    expect(res.contentType).toContain('text/html');
    expect(res.body.toString()).toBe('<p>hello</p>');
  });

  it('follows redirects by hand, checking each hop', async () => {
    const res = await safeFetch(`${server.base}/hop1`, page());
    expect(res.url).toBe(`${server.base}/ok`);
    expect(res.body.toString()).toBe('<p>hello</p>');
  });

  it('gives up after 5 redirects', async () => {
    const err = await refusal(`${server.base}/loop0`, { allow });
    expect(err.code).toBe('too-many-redirects');
    const ok = await safeFetch(`${server.base}/loop2`, page());
    expect(ok.body.toString()).toBe('end');
  });

  it('decodes gzip and caps the decoded size', async () => {
    expect((await safeFetch(`${server.base}/gzip`, page())).body.toString()).toBe('<p>compressed page</p>');
    expect((await refusal(`${server.base}/gzip-bomb`, { allow, maxBytes: 2 * 1024 * 1024 })).code).toBe('too-large');
  });

  it('refuses a body over the cap, declared or streamed', async () => {
    expect((await refusal(`${server.base}/big-declared`, { allow, maxBytes: IMAGE_MAX_BYTES })).code).toBe('too-large');
    expect((await refusal(`${server.base}/big-streamed`, { allow, maxBytes: IMAGE_MAX_BYTES })).code).toBe('too-large');
    const res = await safeFetch(`${server.base}/image.png`, { allow, maxBytes: IMAGE_MAX_BYTES });
    expect(res.body.equals(png)).toBe(true);
  });

  it('times out on a server that stalls', async () => {
    const started = Date.now();
    const err = await refusal(`${server.base}/slow`, { allow, timeoutMs: 400 });
    expect(err.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports a non-2xx answer', async () => {
    const err = await refusal(`${server.base}/missing`, { allow });
    expect(err.code).toBe('http-status');
    expect(err.status).toBe(404);
  });

  it('connects to the address it checked, whatever DNS answers later (rebinding)', async () => {
    let calls = 0;
    const resolver = async () => {
      calls++;
      // First answer is the fixture server; any later answer would point elsewhere.
      return [{ address: calls === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    };
    const res = await safeFetch(`http://rebind.test:${server.port}/ok`, page({ allow: [`rebind.test:${server.port}`], resolver }));
    expect(res.body.toString()).toBe('<p>hello</p>');
    expect(calls).toBe(1);
    // The Host header keeps the name the URL gave.
    expect(server.hosts.at(-1)).toBe(`rebind.test:${server.port}`);
  });
});

describe('address pinning with several checked addresses', () => {
  it('tries each checked address in turn (and only those)', async () => {
    const resolver = async () => [
      { address: '127.0.0.2', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const res = await safeFetch(`http://multi.test:${server.port}/ok`, page({ allow: [`multi.test:${server.port}`], resolver }));
    expect(res.body.toString()).toBe('<p>hello</p>');
  });
});

describe('safeFetch refusals (nothing is connected to)', () => {
  let attempts: () => number;
  beforeEach(() => {
    attempts = forbidConnections();
  });
  afterEach(() => vi.restoreAllMocks());

  // Refused before any connection: private, loopback and odd-looking addresses (blocked), and what is no http(s) URL
  // at all (invalid-url).
  it.each([
    ['http://127.0.0.1/', 'blocked'],
    ['http://10.0.0.1/', 'blocked'],
    ['http://169.254.169.254/latest/meta-data/', 'blocked'],
    ['http://[::1]/', 'blocked'],
    ['http://[::ffff:127.0.0.1]/', 'blocked'],
    ['http://[::ffff:a9fe:a9fe]/', 'blocked'],
    ['http://[fd00::1]/', 'blocked'],
    ['http://[fe80::1]/', 'blocked'],
    ['http://0x7f.1/', 'blocked'],
    ['http://2130706433/', 'blocked'],
    ['http://100.64.1.1/', 'blocked'],
    ['http://0.0.0.0:8080/', 'blocked'],
    ['https://192.168.1.254/router', 'blocked'],
    ['file:///etc/passwd', 'invalid-url'],
    ['ftp://example.com/file', 'invalid-url'],
    ['gopher://127.0.0.1:70/', 'invalid-url'],
    ['data:text/plain,hi', 'invalid-url'],
    ['javascript:alert(1)', 'invalid-url'],
    ['not a url', 'invalid-url'],
    ['http://user:pw@example.com/', 'invalid-url'],
  ])('refuses %s before connecting (%s)', async (url, code) => {
    const err = await refusal(url);
    expect(err.code).toBe(code);
    expect(attempts()).toBe(0);
  });

  it('refuses the fixture server itself when it is not on the allow list', async () => {
    const err = await refusal(`${server.base}/ok`);
    expect(err.code).toBe('blocked');
    expect(err.message).toMatch(/loopback/);
    expect(attempts()).toBe(0);
  });

  it('an allow entry opens only its own port', async () => {
    const err = await refusal(`http://127.0.0.1:${server.port + 1}/ok`, { allow });
    expect(err.code).toBe('blocked');
    expect(attempts()).toBe(0);
  });

  it('refuses a host name that resolves to a private address', async () => {
    const resolver = async () => [{ address: '10.0.0.5', family: 4 }];
    const err = await refusal('http://intranet.example/', { resolver });
    expect(err.code).toBe('blocked');
    expect(err.message).toMatch(/intranet\.example.*private/);
    expect(attempts()).toBe(0);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::ffff:169.254.169.254', family: 6 },
    ];
    expect((await refusal('http://mixed.example/', { resolver })).code).toBe('blocked');
    expect(attempts()).toBe(0);
  });

  it('refuses localhost through the system resolver', async () => {
    expect((await refusal('http://localhost/')).code).toBe('blocked');
    expect(attempts()).toBe(0);
  });

  it('checkTarget lets a public address through without connecting', async () => {
    const resolver = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(checkTarget(new URL('https://shop.example/p/1'), { resolver })).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(attempts()).toBe(0);
  });
});

describe('redirects to forbidden places', () => {
  it.each([
    ['/to-private', 'blocked'],
    ['/to-metadata', 'blocked'],
    ['/to-file', 'invalid-url'],
  ])('%s is refused at the hop', async (path, code) => {
    const connections = loopbackOnlyConnections();
    try {
      const err = await refusal(`${server.base}${path}`, { allow });
      expect(err.code).toBe(code);
      // Only the first hop, to the allowed fixture server, opened a connection.
      expect(connections.hosts).toEqual(['127.0.0.1']);
    } finally {
      connections.restore();
    }
  });
});
