import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerAnonymousReadCache } from './anonymous-cache.js';
import { registerSecurityHeaders } from '../security-headers.js';

/** A tiny app whose GET answers show how many times the handler really ran. */
async function appWithCache(opts: Parameters<typeof registerAnonymousReadCache>[1] = {}) {
  const app = Fastify();
  const cache = registerAnonymousReadCache(app, opts);
  const calls = { list: 0 };
  let temperature = 0;
  // Slow reads wait until released; once released, every read goes straight through.
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  app.get('/api/deals', async (request) => {
    calls.list++;
    if ((request.query as { slow?: string }).slow) await gate;
    return { success: true, data: { temperature, calls: calls.list } };
  });
  app.get('/api/stores', async () => ({ success: true, data: { text: 'deal '.repeat(2000) } }));
  app.get('/api/deals/:id', async (request, reply) => {
    calls.list++;
    if ((request.params as { id: string }).id === '404') return reply.status(404).send({ success: false, error: 'Deal not found' });
    return { success: true, data: { id: (request.params as { id: string }).id } };
  });
  app.get('/api/auth/verify-email', async () => {
    calls.list++;
    return { success: true, data: { calls: calls.list } };
  });
  app.post('/api/votes', async () => {
    temperature++;
    return { success: true, data: { totalVotes: temperature } };
  });
  app.post('/api/comments', async (_request, reply) => reply.status(400).send({ success: false, error: 'Comment cannot be empty' }));
  await app.ready();
  return { app, cache, calls, release: () => release() };
}

const get = (app: FastifyInstance, url: string, token?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

describe('anonymous read cache', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await app?.close();
  });

  it('answers repeated anonymous reads of a URL from one handler run, with the same bytes and content type', async () => {
    const t = await appWithCache();
    app = t.app;
    const first = await get(app, '/api/deals?page=2');
    const second = await get(app, '/api/deals?page=2');
    expect(t.calls.list).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    await get(app, '/api/deals?page=3');
    expect(t.calls.list).toBe(2);
  });

  it('never serves or stores signed-in reads, whose deals carry the member’s own vote', async () => {
    const t = await appWithCache();
    app = t.app;
    await get(app, '/api/deals', 'token-a');
    await get(app, '/api/deals', 'token-a');
    expect(t.calls.list).toBe(2);
    await get(app, '/api/deals');
    await get(app, '/api/deals', 'token-b');
    expect(t.calls.list).toBe(4);
  });

  it('shows a vote to the very next visitor: a successful write empties the cache before its answer leaves', async () => {
    const t = await appWithCache();
    app = t.app;
    expect(JSON.parse((await get(app, '/api/deals')).body).data.temperature).toBe(0);
    const vote = await app.inject({ method: 'POST', url: '/api/votes', payload: {} });
    expect(vote.statusCode).toBe(200);
    expect(JSON.parse((await get(app, '/api/deals')).body).data.temperature).toBe(1);
    expect(t.cache.stats.invalidations).toBe(1);
  });

  it('keeps the cache when a write is refused with a 4xx (nothing changed)', async () => {
    const t = await appWithCache();
    app = t.app;
    await get(app, '/api/deals');
    await app.inject({ method: 'POST', url: '/api/comments', payload: {} });
    await get(app, '/api/deals');
    expect(t.calls.list).toBe(1);
  });

  it('does not store a read that started before a write and finished after it', async () => {
    const t = await appWithCache();
    app = t.app;
    const slow = get(app, '/api/deals?slow=1');
    await vi.waitFor(() => expect(t.calls.list).toBe(1));
    await app.inject({ method: 'POST', url: '/api/votes', payload: {} });
    t.release();
    expect(JSON.parse((await slow).body).data.temperature).toBe(1);
    expect(t.cache.stats.stores).toBe(0);
    expect(t.cache.size).toBe(0);
  });

  it('lets visitors missing a URL that is being read wait for that read: one handler run, one answer for all', async () => {
    const t = await appWithCache();
    app = t.app;
    const first = get(app, '/api/deals?slow=1');
    await vi.waitFor(() => expect(t.calls.list).toBe(1));
    const others = [1, 2, 3].map(() => get(app as FastifyInstance, '/api/deals?slow=1'));
    await new Promise((r) => setTimeout(r, 20));
    expect(t.calls.list).toBe(1);
    t.release();
    const answers = await Promise.all([first, ...others]);
    expect(t.calls.list).toBe(1);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(t.cache.stats.joined).toBe(3);
    expect(t.cache.stats.misses).toBe(1);
  });

  it('lets the waiting visitors read for themselves when the read they waited for is not stored (a write went through meanwhile)', async () => {
    const t = await appWithCache();
    app = t.app;
    const first = get(app, '/api/deals?slow=1');
    await vi.waitFor(() => expect(t.calls.list).toBe(1));
    const others = [1, 2].map(() => get(app as FastifyInstance, '/api/deals?slow=1'));
    await new Promise((r) => setTimeout(r, 20));
    await app.inject({ method: 'POST', url: '/api/votes', payload: {} });
    t.release();
    const answers = await Promise.all(others);
    expect(JSON.parse((await first).body).data.temperature).toBe(1);
    for (const a of answers) expect(JSON.parse(a.body).data.temperature).toBe(1);
    expect(t.calls.list).toBe(3);
    expect(t.cache.stats.joined).toBe(0);
  });

  it('stores only 200 answers and only under the configured prefixes', async () => {
    const t = await appWithCache();
    app = t.app;
    expect((await get(app, '/api/deals/404')).statusCode).toBe(404);
    expect((await get(app, '/api/deals/404')).statusCode).toBe(404);
    await get(app, '/api/auth/verify-email?token=x');
    await get(app, '/api/auth/verify-email?token=x');
    expect(t.calls.list).toBe(4);
  });

  it('expires entries after the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await appWithCache({ ttlMs: 1_000 });
    app = t.app;
    await get(app, '/api/deals/1');
    vi.setSystemTime(Date.now() + 999);
    await get(app, '/api/deals/1');
    expect(t.calls.list).toBe(1);
    vi.setSystemTime(Date.now() + 2);
    await get(app, '/api/deals/1');
    expect(t.calls.list).toBe(2);
  });

  it('evicts the least recently used entries beyond maxEntries', async () => {
    const t = await appWithCache({ maxEntries: 2 });
    app = t.app;
    await get(app, '/api/deals/1');
    await get(app, '/api/deals/2');
    await get(app, '/api/deals/1');
    await get(app, '/api/deals/3');
    expect(t.cache.size).toBe(2);
    const before = t.calls.list;
    await get(app, '/api/deals/1');
    expect(t.calls.list).toBe(before);
    await get(app, '/api/deals/2');
    expect(t.calls.list).toBe(before + 1);
  });

  it('sends cached answers (the first one too) compressed with the best encoding the client accepts, plain to the rest', async () => {
    const t = await appWithCache();
    app = t.app;
    const firstBr = await get(app, '/api/stores', undefined, { 'accept-encoding': 'br' });
    expect(firstBr.headers['content-encoding']).toBe('br');
    const plain = await get(app, '/api/stores');
    expect(zlib.brotliDecompressSync(firstBr.rawPayload).toString()).toBe(plain.body);
    const br = await get(app, '/api/stores', undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    const gz = await get(app, '/api/stores', undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const identity = await get(app, '/api/stores');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
    expect(t.cache.stats.hits).toBe(4);
    expect(t.cache.stats.stores).toBe(1);
  });

  it('answers a hit with the headers its answer was stored with (the security headers of a later hook too), on the socket as on inject', async () => {
    const app2 = Fastify();
    let draining = false;
    registerAnonymousReadCache(app2, { draining: () => draining });
    // As in app.ts: the security headers come after the cache, so a hit gets them from the stored answer.
    await registerSecurityHeaders(app2, { contentSecurityPolicy: { directives: { 'default-src': ["'self'"] } } });
    app2.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) reply.header('connection', 'close');
      done(null, payload);
    });
    // A per-client header (a rate limit's count) belongs to the first answer only.
    app2.get('/api/stores', async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=5')
        .header('x-ratelimit-remaining', '59')
        .send({ success: true, data: { text: 'deal '.repeat(400) } }),
    );
    app = app2;
    await app2.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app2.server.address() as { port: number }).port}/api/stores`;
    const withoutDate = (h: Headers) => Object.fromEntries([...h].filter(([k]) => k !== 'date'));
    const miss = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const missBody = await miss.text();
    const hit = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(await hit.text()).toBe(missBody);
    expect(miss.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(hit.headers.get('x-ratelimit-remaining')).toBeNull();
    const perClient = (h: Headers) => Object.fromEntries(Object.entries(withoutDate(h)).filter(([k]) => !k.startsWith('x-ratelimit-')));
    expect(perClient(hit.headers)).toEqual(perClient(miss.headers));
    expect(hit.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(hit.headers.get('cache-control')).toBe('public, max-age=5');
    expect(Number(hit.headers.get('content-length'))).toBe(Buffer.byteLength(missBody));
    const brHit = await get(app2, '/api/stores', undefined, { 'accept-encoding': 'br' });
    expect(brHit.headers).toMatchObject({ 'content-encoding': 'br', 'content-length': String(brHit.rawPayload.length), vary: 'accept-encoding' });
    expect(zlib.brotliDecompressSync(brHit.rawPayload).toString()).toBe(missBody);
    // Shutting down: hits still answer, through the onSend hooks (here the one that asks clients to hang up).
    draining = true;
    const closing = await get(app2, '/api/stores');
    expect(closing.body).toBe(missBody);
    expect(closing.headers).toMatchObject({ connection: 'close', 'cache-control': 'public, max-age=5', 'x-frame-options': 'SAMEORIGIN' });
  });
});

describe('members missing a list that is being read', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('wait for that read like visitors do: one handler run; each member gets their own state, the visitor none', async () => {
    const a = Fastify();
    app = a;
    // Member 1 voted on deal 1, member 2 saved deal 2 (what the real app reads from votes and saved_deals).
    const states = new Map<number, Map<number, { vote: number | null; saved: boolean }>>([
      [1, new Map([[1, { vote: 1, saved: false }]])],
      [2, new Map([[2, { vote: null, saved: true }]])],
    ]);
    a.decorateRequest('user', null);
    a.addHook('onRequest', async (request) => {
      const token = request.headers.authorization?.replace('Bearer member-', '');
      if (token) (request as unknown as { user: { id: number } }).user = { id: Number(token) };
    });
    const cache = registerAnonymousReadCache(a, { memberStates: async (userId) => states.get(userId) ?? new Map() });
    let runs = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    a.get('/api/deals', { config: { memberOverlay: true } }, async () => {
      runs++;
      await gate;
      return {
        success: true,
        data: [
          { id: 1, commentCount: 0 },
          { id: 2, commentCount: 3 },
        ],
      };
    });
    await a.ready();
    const first = get(a, '/api/deals', 'member-1');
    await vi.waitFor(() => expect(runs).toBe(1));
    const others = [get(a, '/api/deals', 'member-2'), get(a, '/api/deals'), get(a, '/api/deals', 'member-3')];
    await new Promise((r) => setTimeout(r, 20));
    release();
    const [one, two, visitor, three] = (await Promise.all([first, ...others])).map((r) => JSON.parse(r.body).data);
    expect(runs).toBe(1);
    expect(one).toEqual([
      { id: 1, userVote: 1, isSaved: false, commentCount: 0 },
      { id: 2, isSaved: false, commentCount: 3 },
    ]);
    expect(two).toEqual([
      { id: 1, isSaved: false, commentCount: 0 },
      { id: 2, isSaved: true, commentCount: 3 },
    ]);
    expect(three).toEqual([
      { id: 1, isSaved: false, commentCount: 0 },
      { id: 2, isSaved: false, commentCount: 3 },
    ]);
    expect(visitor).toEqual([
      { id: 1, commentCount: 0 },
      { id: 2, commentCount: 3 },
    ]);
    expect(cache.stats.joined).toBe(3);
    expect(cache.stats.memberMisses).toBe(1);
  });
});
