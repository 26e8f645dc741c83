import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { insertDeal, multipart, pngBytes } from '../../test/data/deal-helpers.js';

describe('categories and stores API', () => {
  let h: Harness;
  let admin: string;
  let member: Awaited<ReturnType<Harness['createUser']>>;
  beforeAll(async () => {
    h = await createHarness();
    admin = await h.adminToken();
    member = await h.createUser();
    await insertDeal(h, { category_id: 1, store_id: 42 });
    await insertDeal(h, { category_id: 1, store_id: 2 });
    await insertDeal(h, { category_id: 3, store_id: 42 });
    await insertDeal(h, { category_id: 3, store_id: 42, status: 'pending' });
    await insertDeal(h, { category_id: 3, store_id: 42, expires_at: new Date(Date.now() - 1000).toISOString() });
  });
  afterAll(() => h.close());

  it('lists categories with their active deal counts, optionally at one store', async () => {
    const all = await h.request({ method: 'GET', url: '/api/categories' });
    expect(all.body.data).toHaveLength(25);
    expect(all.body.data[0]).toEqual({ id: 1, name: 'Electronics', slug: 'electronics', dealsCount: 2 });
    expect(all.body.data[2]).toMatchObject({ id: 3, dealsCount: 1 });
    const atAmazon = await h.request({ method: 'GET', url: '/api/categories?store=42' });
    expect(atAmazon.body.data.slice(0, 3).map((c: { dealsCount: number }) => c.dealsCount)).toEqual([1, 0, 1]);
  });

  it('lists stores with url, logoUrl and active deal counts, optionally in one category', async () => {
    const all = await h.request({ method: 'GET', url: '/api/stores' });
    const amazon = all.body.data.find((s: { id: number }) => s.id === 42);
    expect(amazon).toEqual({
      id: 42,
      name: 'Amazon UK',
      url: 'https://www.amazon.co.uk',
      logoUrl: null,
      dealsCount: 2,
      confirmed: true,
      domain: 'amazon.co.uk',
    });
    const inCat3 = await h.request({ method: 'GET', url: '/api/stores?category=3' });
    expect(inCat3.body.data.find((s: { id: number }) => s.id === 42).dealsCount).toBe(1);
    expect(inCat3.body.data.find((s: { id: number }) => s.id === 2).dealsCount).toBe(0);
  });

  it('lets only admins create, edit and delete categories, refusing deletes while deals remain', async () => {
    const payload = { name: 'Pets', slug: 'pets' };
    expect((await h.request({ method: 'POST', url: '/api/categories', payload })).status).toBe(401);
    expect((await h.request({ method: 'POST', url: '/api/categories', token: member.token, payload })).status).toBe(403);
    const created = await h.request({ method: 'POST', url: '/api/categories', token: admin, payload });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Pets', slug: 'pets', dealsCount: 0 });
    expect((await h.request({ method: 'POST', url: '/api/categories', token: admin, payload })).status).toBe(409);
    expect((await h.request({ method: 'POST', url: '/api/categories', token: admin, payload: { name: 'X', slug: 'Bad Slug' } })).status).toBe(400);
    const edited = await h.request({
      method: 'PUT',
      url: `/api/categories/${created.body.data.id}`,
      token: admin,
      payload: { name: 'Pet Supplies', slug: 'pet-supplies' },
    });
    expect(edited.body.data).toMatchObject({ name: 'Pet Supplies', slug: 'pet-supplies' });
    expect(await h.request({ method: 'DELETE', url: '/api/categories/1', token: admin })).toMatchObject({
      status: 409,
      body: { error: 'Cannot delete category with deals' },
    });
    expect((await h.request({ method: 'DELETE', url: `/api/categories/${created.body.data.id}`, token: admin })).status).toBe(200);
    expect((await h.request({ method: 'DELETE', url: `/api/categories/${created.body.data.id}`, token: admin })).status).toBe(404);
    const log = await h.db.kysely.selectFrom('moderation_log').select(['action']).where('entity_type', '=', 'category').orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'edit', 'delete']);
  });

  it('lets only admins manage stores and their logos', async () => {
    expect((await h.request({ method: 'POST', url: '/api/stores', token: member.token, payload: { name: 'Wickes' } })).status).toBe(403);
    const created = await h.request({ method: 'POST', url: '/api/stores', token: admin, payload: { name: 'Wickes', url: 'https://www.wickes.co.uk' } });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await h.request({ method: 'POST', url: '/api/stores', token: admin, payload: { name: ' wickes ' } })).status).toBe(409);
    expect((await h.request({ method: 'PUT', url: `/api/stores/${id}`, token: admin, payload: { name: 'Wickes', url: 'nope' } })).body.error).toBe(
      'Must be a valid URL',
    );
    const logo = await h.request({
      method: 'POST',
      url: `/api/stores/${id}/upload-logo`,
      token: admin,
      ...multipart('logo', 'l.png', 'image/png', await pngBytes()),
    });
    expect(logo.status).toBe(200);
    expect(logo.body.data.logoUrl).toMatch(/^\/uploads\/stores\/.+\.webp$/);
    const big = multipart('logo', 'l.png', 'image/png', Buffer.concat([await pngBytes(), Buffer.alloc(1024 * 1024)]));
    expect((await h.request({ method: 'POST', url: `/api/stores/${id}/upload-logo`, token: admin, ...big })).body.error).toBe(
      'Logo file size must be less than 1MB.',
    );
    expect(await h.request({ method: 'DELETE', url: '/api/stores/42', token: admin })).toMatchObject({
      status: 409,
      body: { error: 'Cannot delete store with deals' },
    });
    expect((await h.request({ method: 'DELETE', url: `/api/stores/${id}`, token: admin })).status).toBe(200);
  });
});
