import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, MAX_ALERTS } from '../../../shared/schemas/members/alerts.js';
import { createHarness, useHarness } from '../../test/harness.js';
import { addAlert } from './test-helpers.js';
import { verifyAlertToken } from './tokens.js';

describe('alerts API', () => {
  const {
    h,
    members: [member, other],
  } = useHarness({ members: 2 });

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) => h.request({ method, url, token, payload });

  it("creates, lists (newest first), changes and deletes a member's alerts", async () => {
    const first = await req('POST', '/api/alerts', member.token, { query: '  Air Fryer ' });
    expect(first.status).toBe(201);
    expect(first.body.data.alert).toMatchObject({
      query: 'Air Fryer',
      categoryId: null,
      storeId: null,
      maxPrice: null,
      minTemperature: null,
      frequency: 'instant',
      paused: false,
      lastSentAt: null,
    });
    const a1 = first.body.data.alert;
    expect(Date.parse(a1.createdAt)).toBeGreaterThan(0);
    const feed = /^http:\/\/localhost:3000\/feeds\/alerts\/(.+)\.xml$/.exec(a1.feedUrl);
    expect(feed).not.toBeNull();
    expect(verifyAlertToken(h.config.jwtSecret, 'alert-feed', feed![1])).toBe(a1.id);
    expect(verifyAlertToken(h.config.jwtSecret, 'alert-unsubscribe', feed![1])).toBeNull();

    const second = await req('POST', '/api/alerts', member.token, {
      query: 'lego',
      categoryId: 3,
      storeId: '42',
      maxPrice: '49.99',
      minTemperature: 10,
      frequency: 'daily',
      paused: true,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.alert).toMatchObject({
      query: 'lego',
      categoryId: 3,
      storeId: 42,
      maxPrice: 49.99,
      minTemperature: 10,
      frequency: 'daily',
      paused: true,
    });
    const a2 = second.body.data.alert;

    const list = await req('GET', '/api/alerts', member.token);
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    expect(list.body.data.alerts.map((a: { id: number }) => a.id)).toEqual([a2.id, a1.id]);
    expect(Object.keys(list.body.data.alerts[0]).sort()).toEqual(
      ['id', 'query', 'categoryId', 'storeId', 'maxPrice', 'minTemperature', 'frequency', 'paused', 'createdAt', 'lastSentAt', 'feedUrl'].sort(),
    );
    expect((await req('GET', '/api/alerts', other.token)).body.data.alerts).toEqual([]);

    // Any subset; null clears a filter.
    const changed = await req('PUT', `/api/alerts/${a2.id}`, member.token, { maxPrice: null, paused: false, query: 'lego technic' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.alert).toMatchObject({
      id: a2.id,
      query: 'lego technic',
      maxPrice: null,
      paused: false,
      categoryId: 3,
      storeId: 42,
      minTemperature: 10,
      frequency: 'daily',
    });
    const key = await h.db.kysely.selectFrom('alerts').select(['match_key', 'match_key2']).where('id', '=', a2.id).executeTakeFirstOrThrow();
    expect(key).toEqual({ match_key: 'technic', match_key2: 'lego' });
    const unchanged = await req('PUT', `/api/alerts/${a2.id}`, member.token, {});
    expect(unchanged.body.data.alert).toEqual(changed.body.data.alert);

    const deleted = await req('DELETE', `/api/alerts/${a1.id}`, member.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, data: { id: a1.id, deleted: true } });
    expect((await req('GET', '/api/alerts', member.token)).body.data.alerts.map((a: { id: number }) => a.id)).toEqual([a2.id]);
    expect((await req('DELETE', `/api/alerts/${a1.id}`, member.token)).status).toBe(404);
  });

  it("answers every field's message", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'query', ALERT_MESSAGES.queryRequired],
      [{ query: '   ' }, 'query', ALERT_MESSAGES.queryRequired],
      [{ query: 'x'.repeat(101) }, 'query', ALERT_MESSAGES.queryTooLong],
      [{ query: '!!! ???' }, 'query', ALERT_MESSAGES.queryNoWords],
      [{ query: 42 }, 'query', ALERT_MESSAGES.queryRequired],
      [{ query: 'tv', categoryId: 'abc' }, 'categoryId', ALERT_MESSAGES.category],
      [{ query: 'tv', categoryId: 0 }, 'categoryId', ALERT_MESSAGES.category],
      [{ query: 'tv', categoryId: 9999 }, 'categoryId', ALERT_MESSAGES.category],
      [{ query: 'tv', storeId: 1.5 }, 'storeId', ALERT_MESSAGES.store],
      [{ query: 'tv', storeId: 99999 }, 'storeId', ALERT_MESSAGES.store],
      [{ query: 'tv', maxPrice: -1 }, 'maxPrice', ALERT_MESSAGES.maxPrice],
      [{ query: 'tv', maxPrice: 'cheap' }, 'maxPrice', ALERT_MESSAGES.maxPrice],
      [{ query: 'tv', maxPrice: 2_000_000 }, 'maxPrice', ALERT_MESSAGES.maxPriceTooLarge],
      [{ query: 'tv', minTemperature: 2.5 }, 'minTemperature', ALERT_MESSAGES.minTemperature],
      [{ query: 'tv', minTemperature: 'hot' }, 'minTemperature', ALERT_MESSAGES.minTemperature],
      [{ query: 'tv', minTemperature: 0 }, 'minTemperature', ALERT_MESSAGES.minTemperatureRange],
      [{ query: 'tv', minTemperature: 10_001 }, 'minTemperature', ALERT_MESSAGES.minTemperatureRange],
      [{ query: 'tv', frequency: 'weekly' }, 'frequency', ALERT_MESSAGES.frequency],
      [{ query: 'tv', paused: 'yes' }, 'paused', ALERT_MESSAGES.paused],
    ];
    for (const [payload, field, message] of cases) {
      const res = await req('POST', '/api/alerts', member.token, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).toMatchObject({ success: false, error: message, field });
    }
    const mine = await addAlert(h, member, { query: 'validation target' });
    const bad = await req('PUT', `/api/alerts/${mine.id}`, member.token, { query: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: ALERT_MESSAGES.queryRequired, field: 'query' });
    const badStore = await req('PUT', `/api/alerts/${mine.id}`, member.token, { storeId: 99999 });
    expect(badStore.body).toMatchObject({ error: ALERT_MESSAGES.store, field: 'storeId' });
    // Blank form fields mean "no filter".
    const blank = await req('PUT', `/api/alerts/${mine.id}`, member.token, { categoryId: '', maxPrice: '', minTemperature: '' });
    expect(blank.body.data.alert).toMatchObject({ categoryId: null, maxPrice: null, minTemperature: null });
  });

  it('refuses a twin alert: the same words in any order or case, with the same filters', async () => {
    const m = await h.createUser();
    await addAlert(h, m, { query: 'Nintendo Switch', storeId: 1 });
    const twin = await req('POST', '/api/alerts', m.token, { query: 'switch NINTENDO!', storeId: 1, frequency: 'daily' });
    expect(twin.status).toBe(409);
    expect(twin.body.error).toBe(ALERT_MESSAGES.duplicate);
    expect((await req('POST', '/api/alerts', m.token, { query: 'switch nintendo', storeId: 2 })).status).toBe(201);
    expect((await req('POST', '/api/alerts', other.token, { query: 'Nintendo Switch', storeId: 1 })).status).toBe(201);
  });

  it('allows at most 25 alerts a member', async () => {
    const m = await h.createUser();
    for (let i = 0; i < MAX_ALERTS; i++) await addAlert(h, m, { query: `gadget${i}` });
    const refused = await req('POST', '/api/alerts', m.token, { query: 'one too many' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, error: 'You can have at most 25 alerts' });
    // Concurrent requests cannot race past the limit either.
    const alerts = (await req('GET', '/api/alerts', m.token)).body.data.alerts;
    expect(alerts).toHaveLength(MAX_ALERTS);
    await req('DELETE', `/api/alerts/${alerts[0].id}`, m.token);
    const raced = await Promise.all([1, 2, 3].map((i) => req('POST', '/api/alerts', m.token, { query: `race${i}` })));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await req('GET', '/api/alerts', m.token)).body.data.alerts).toHaveLength(MAX_ALERTS);
  });

  it("is for verified members: visitors 401, unverified accounts 403, another member's alert 404", async () => {
    const mine = await addAlert(h, member, { query: 'mine only' });
    const routes = [
      ['GET', '/api/alerts', undefined],
      ['POST', '/api/alerts', { query: 'tv' }],
      ['PUT', `/api/alerts/${mine.id}`, { paused: true }],
      ['DELETE', `/api/alerts/${mine.id}`, undefined],
    ] as const;
    for (const [method, url, payload] of routes) {
      const visitor = await req(method, url, undefined, payload);
      expect(visitor.status, `${method} ${url}`).toBe(401);
      expect(visitor.body).toEqual({ success: false, error: 'Please log in to manage your alerts' });
      // A visitor's bad payload is still a 401, never a 400 (the guard runs before the body is read).
      if (method === 'POST') expect((await req(method, url, undefined, { query: '' })).status).toBe(401);
      const expired = await req(method, url, 'not-a-token', payload);
      expect(expired.status).toBe(401);
    }
    const unverified = await h.createUser({ verified: false });
    for (const [method, url, payload] of routes) {
      const res = await req(method, url, unverified.token, payload);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.success).toBe(false);
    }
    const put = await req('PUT', `/api/alerts/${mine.id}`, other.token, { paused: true });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ success: false, error: ALERT_MESSAGES.notFound });
    expect((await req('DELETE', `/api/alerts/${mine.id}`, other.token)).status).toBe(404);
    expect((await req('PUT', '/api/alerts/abc', member.token, { paused: true })).status).toBe(400);
    const still = await h.db.kysely.selectFrom('alerts').select('paused').where('id', '=', mine.id).executeTakeFirstOrThrow();
    expect(still.paused).toBe(0);
  });

  it('rate-limits alert writes with a 429', async () => {
    const limited = await createHarness({ RATE_LIMIT_FACTOR: '0.1' }); // 3 writes a minute
    try {
      const m = await limited.createUser();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await limited.request({ method: 'POST', url: '/api/alerts', token: m.token, payload: { query: `limit${i}` } })).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const res = await limited.request({ method: 'POST', url: '/api/alerts', token: m.token, payload: { query: 'again' } });
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(/Too many requests/);
      // Reading is not limited.
      expect((await limited.request({ method: 'GET', url: '/api/alerts', token: m.token })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('documents the routes in the OpenAPI document', async () => {
    const res = await h.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    const paths = res.body.paths;
    for (const p of ['/api/alerts', '/api/alerts/{id}', '/api/alerts/unsubscribe']) expect(paths[p], p).toBeDefined();
    expect(Object.keys(paths['/api/alerts/{id}'])).toEqual(expect.arrayContaining(['put', 'delete']));
    expect(JSON.stringify(paths['/api/alerts'].post.requestBody)).toContain('minTemperature');
  });
});
