import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, type FixtureServer, send, slow, startServer } from '../../test/fixtures/scrapers-ai/fixture-server.js';
import { createHarness, type Harness } from '../../test/harness.js';

const TITLE_PROMPT = (title: string) => `Shorten this deal title, keeping the essential product title, and answer only with the new title: "${title}"`;

let shop: FixtureServer;
let ai: FixtureServer;
let aiRequests: Array<{ auth: string | undefined; body: any }>;

beforeAll(async () => {
  shop = await startServer({
    '/p/jsonld': send('text/html; charset=utf-8', fixture('product-jsonld.html')),
    '/p/og': send('text/html', fixture('product-og.html')),
    '/p/meta': send('text/html', fixture('product-meta.html')),
    '/p/bare': send('text/html', fixture('product-bare.html')),
    '/p/pdf': send('application/pdf', '%PDF-1.4'),
  });
  aiRequests = [];
  ai = await startServer({
    '/v1/chat/completions': (req, res, raw) => {
      const body = JSON.parse(raw);
      aiRequests.push({ auth: req.headers.authorization, body });
      const user = body.messages.find((m: { role: string }) => m.role === 'user')?.content ?? '';
      const content =
        user.startsWith('http') || user.includes('Page text:')
          ? '**Sony WH-1000XM5** headphones with class-leading noise cancelling.\n- Up to 30 hours of battery.'
          : 'Here are some options:\n**Option 1:** Sony WH-1000XM5 Headphones\nOption 2: Sony XM5';
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] }));
    },
    '/broken/chat/completions': send('application/json', JSON.stringify({ error: { message: 'model not loaded' } }), 500),
    '/slow/chat/completions': slow(20_000, 'application/json'),
  });
});
afterAll(async () => {
  await shop.close();
  await ai.close();
});

describe('POST /api/ai/generate, offline mode', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await createHarness({ SAFE_FETCH_ALLOW: `127.0.0.1:${shop.port}` });
    admin = await h.adminToken();
  });
  afterAll(() => h.close());
  const generate = (payload: object, token = admin) => h.request({ method: 'POST', url: '/api/ai/generate', token, payload });

  it('is for admins only', async () => {
    const member = await h.createUser();
    expect((await h.request({ method: 'POST', url: '/api/ai/generate', payload: { prompt: 'x' } })).status).toBe(401);
    expect((await generate({ prompt: TITLE_PROMPT('Sony WH-1000XM5') }, member.token)).status).toBe(403);
  });

  it('shortens a title by rules', async () => {
    const res = await generate({ prompt: TITLE_PROMPT('Sony WH-1000XM5 Wireless Noise Cancelling Headphones (Black) - Lowest Ever Price £249 @ Currys') });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ text: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones', type: 'title', mode: 'offline' });
    expect(res.body.text).toBe(res.body.data.text);
  });

  it('describes a product page from JSON-LD, Open Graph or the meta description', async () => {
    const ld = await generate({ prompt: `${shop.base}/p/jsonld?t=${Date.now()}`, title: 'Sony headphones' });
    expect(ld.status).toBe(200);
    expect(ld.body.data.type).toBe('description');
    expect(ld.body.data.text).toMatch(/^Industry-leading noise cancellation with eight microphones/);
    expect((await generate({ prompt: `${shop.base}/p/og?t=1` })).body.data.text).toMatch(/^Two independent 4.75L drawers/);
    expect((await generate({ prompt: `${shop.base}/p/meta?t=1` })).body.data.text).toMatch(/^Slim 10,000mAh power bank/);
  });

  it('says so when a page has no description, or cannot be fetched', async () => {
    const bare = await generate({ prompt: `${shop.base}/p/bare?t=1` });
    expect([bare.status, bare.body.error]).toEqual([422, 'No product description was found on that page']);
    const missing = await generate({ prompt: `${shop.base}/p/gone?t=1` });
    expect(missing.status).toBe(502);
    expect(missing.body.error).toBe('Could not fetch the product page: the server answered HTTP 404');
    const pdf = await generate({ prompt: `${shop.base}/p/pdf` });
    expect([pdf.status, pdf.body.error]).toEqual([502, 'The product URL did not return a web page (application/pdf)']);
  });

  it('refuses a product URL on a private address without connecting to it', async () => {
    const spy = vi.spyOn(net, 'connect').mockImplementation((() => {
      throw new Error('a connection was attempted');
    }) as never);
    try {
      for (const url of ['http://10.0.0.1/p?t=1', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]:8080/', 'http://[::ffff:127.0.0.1]/p']) {
        const res = await generate({ prompt: url });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(/^The product page URL is not allowed: Refusing to fetch/);
      }
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('validates the body', async () => {
    const res = await generate({ prompt: '   ' });
    expect([res.status, res.body.error]).toEqual([400, 'Prompt is required']);
  });
});

describe('POST /api/ai/generate with an OpenAI-compatible service', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await createHarness({
      SAFE_FETCH_ALLOW: `127.0.0.1:${shop.port}`,
      AI_BASE_URL: `${ai.base}/v1/`,
      AI_API_KEY: 'sk-test-123',
      AI_MODEL: 'test-model-7b',
    });
    admin = await h.adminToken();
  });
  afterAll(() => h.close());

  it('sends the title instruction to the model and returns its answer', async () => {
    aiRequests.length = 0;
    const prompt = TITLE_PROMPT('Sony WH-1000XM5 Wireless Noise Cancelling Headphones (Black) £249 @ Currys');
    const res = await h.request({ method: 'POST', url: '/api/ai/generate', token: admin, payload: { prompt } });
    expect(res.status).toBe(200);
    expect(res.body.data.mode).toBe('ai');
    // The client cleans the reply (SPEC §7); the server passes the model's text on.
    expect(res.body.data.text).toContain('**Option 1:** Sony WH-1000XM5 Headphones');
    expect(aiRequests).toHaveLength(1);
    const [{ auth, body }] = aiRequests;
    expect(auth).toBe('Bearer sk-test-123');
    expect(body.model).toBe('test-model-7b');
    expect(body.messages[0].role).toBe('system');
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: prompt });
  });

  it('gives the model the product page text, title and price for a description', async () => {
    aiRequests.length = 0;
    const res = await h.request({
      method: 'POST',
      url: '/api/ai/generate',
      token: admin,
      payload: { prompt: `${shop.base}/p/jsonld?t=1`, title: 'Sony XM5 deal' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.text).toMatch(/^\*\*Sony WH-1000XM5\*\* headphones/);
    const user = aiRequests[0].body.messages.at(-1).content as string;
    expect(user).toContain('Deal title: Sony XM5 deal');
    expect(user).toContain('Product page title: Sony WH-1000XM5 Wireless Noise Cancelling Headphones');
    expect(user).toContain('Price on the page: £249.00');
    expect(user).toContain('Multipoint Bluetooth');
    expect(user).not.toContain('must not appear');
  });

  /** A port nothing listens on: taken from the system, then released. */
  const closedPort = () =>
    new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });

  it.each([
    [
      'reports an error from the model service',
      async () => ({ AI_BASE_URL: `${ai.base}/broken` }),
      502,
      'The AI service answered with an error (HTTP 500): model not loaded',
    ],
    [
      'times out on a model that does not answer',
      async () => ({ AI_BASE_URL: `${ai.base}/slow`, AI_TIMEOUT_MS: '300' }),
      504,
      'The AI service did not answer within 300 ms',
    ],
    [
      'says when the model service cannot be reached',
      async () => ({ AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` }),
      502,
      'Could not reach the AI service',
    ],
  ])('%s', async (_name, env, status, error) => {
    const other = await createHarness(await env());
    try {
      const res = await other.request({
        method: 'POST',
        url: '/api/ai/generate',
        token: await other.adminToken(),
        payload: { prompt: TITLE_PROMPT('Sony XM5') },
      });
      expect([res.status, res.body.error]).toEqual([status, error]);
    } finally {
      await other.close();
    }
  });
});
