import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/insert-deal.js';
import { multipart, pngBytes } from '../../../test/data/uploads.js';
import { invalidateDealCounts } from '../../../db/reads/count-cache.js';

describe('admin categories and stores', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => ({ h, admin } = await adminHarness()));
  afterAll(() => h.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => h.request({ method, url, payload, token: admin });
  const logFor = (type: string, id: number) =>
    h.db.kysely.selectFrom('moderation_log').selectAll().where('entity_type', '=', type).where('entity_id', '=', id).orderBy('id').execute();
  /** Deals written straight to the database bypass the commands that drop cached counts. */
  const addDeal = async (over: Parameters<typeof insertDeal>[1]) => {
    const id = await insertDeal(h, over);
    invalidateDealCounts(h.db);
    return id;
  };

  it('lists categories in data.categories with deals in any status counted', async () => {
    await addDeal({ category_id: 5, status: 'pending' });
    await addDeal({ category_id: 5, status: 'active' });
    const res = await call('GET', '/api/admin/categories');
    expect(res.status).toBe(200);
    expect(res.body.data.categories).toHaveLength(25);
    expect(res.body.data.categories[4]).toEqual({ id: 5, name: 'Clothing & Accessories', slug: 'clothing-accessories', dealsCount: 2 });
    expect(res.body.data.categories[0].dealsCount).toBe(0);
  });

  it('creates, edits and deletes a category, each logged, with the spec messages on bad input', async () => {
    const created = await call('POST', '/api/admin/categories', { name: 'Pets', slug: 'pets' });
    expect(created.status).toBe(201);
    const id = created.body.data.category.id;
    expect(created.body.data.category).toEqual({ id, name: 'Pets', slug: 'pets', dealsCount: 0 });
    expect((await call('POST', '/api/admin/categories', { name: 'Pets again', slug: 'pets' })).status).toBe(409);
    const badSlug = await call('POST', '/api/admin/categories', { name: 'Bad', slug: 'Bad Slug!' });
    expect(badSlug.body).toMatchObject({ field: 'slug', error: 'Slug can only contain lowercase letters, numbers, and hyphens' });
    const noName = await call('POST', '/api/admin/categories', { name: '', slug: 'x' });
    expect(noName.body).toMatchObject({ field: 'name', error: 'Name is required' });

    const edited = await call('PUT', `/api/admin/categories/${id}`, { name: 'Pets & Animals', slug: 'pets-animals' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.category).toMatchObject({ id, name: 'Pets & Animals', slug: 'pets-animals' });

    const deleted = await call('DELETE', `/api/admin/categories/${id}`);
    expect(deleted.status).toBe(200);
    expect((await call('GET', '/api/admin/categories')).body.data.categories.map((c: any) => c.id)).not.toContain(id);
    expect((await call('DELETE', `/api/admin/categories/${id}`)).status).toBe(404);
    expect((await logFor('category', id)).map((l) => l.action)).toEqual(['create', 'edit', 'delete']);
  });

  it('refuses to delete a category or store that still has a deal, even a pending one', async () => {
    await addDeal({ category_id: 7, store_id: 7, status: 'pending' });
    const cat = await call('DELETE', '/api/admin/categories/7');
    expect(cat.status).toBe(409);
    expect(cat.body.error).toBe('Cannot delete category with deals');
    const store = await call('DELETE', '/api/admin/stores/7');
    expect(store.status).toBe(409);
    expect(store.body.error).toBe('Cannot delete store with deals');
    expect(await h.db.kysely.selectFrom('categories').select('id').where('id', '=', 7).execute()).toHaveLength(1);
    expect(await h.db.kysely.selectFrom('stores').select('id').where('id', '=', 7).execute()).toHaveLength(1);
  });

  it('lists, creates, edits and deletes stores in data.stores, each logged', async () => {
    await addDeal({ store_id: 3, status: 'expired' });
    const list = await call('GET', '/api/admin/stores');
    expect(list.status).toBe(200);
    const tesco = list.body.data.stores.find((s: any) => s.id === 3);
    expect(tesco).toEqual({ id: 3, name: 'Tesco', url: 'https://www.tesco.com', logoUrl: null, dealsCount: 1, confirmed: true, domain: 'tesco.com' });

    const created = await call('POST', '/api/admin/stores', { name: 'Corner Shop', url: '' });
    expect(created.status).toBe(201);
    const id = created.body.data.store.id;
    expect(created.body.data.store).toEqual({ id, name: 'Corner Shop', url: null, logoUrl: null, dealsCount: 0, confirmed: true, domain: null });
    const badUrl = await call('POST', '/api/admin/stores', { name: 'Shop', url: 'not a url' });
    expect(badUrl.body).toMatchObject({ field: 'url', error: 'Must be a valid URL' });
    const long = await call('POST', '/api/admin/stores', { name: 'x'.repeat(51) });
    expect(long.body).toMatchObject({ field: 'name', error: 'Name must be at most 50 characters' });

    const edited = await call('PUT', `/api/admin/stores/${id}`, { name: 'Corner Shop Ltd', url: 'https://corner.example' });
    expect(edited.body.data.store).toMatchObject({ id, name: 'Corner Shop Ltd', url: 'https://corner.example' });
    expect((await call('DELETE', `/api/admin/stores/${id}`)).status).toBe(200);
    expect((await logFor('store', id)).map((l) => l.action)).toEqual(['create', 'edit', 'delete']);
  });

  it('uploads a store logo: images only, at most 1 MB, re-encoded, the old file removed', async () => {
    const upload = (body: ReturnType<typeof multipart>) =>
      h.request({ method: 'POST', url: '/api/stores/5/upload-logo', token: admin, payload: body.payload, headers: body.headers });

    const text = await upload(multipart('logo', 'logo.txt', 'text/plain', Buffer.from('not an image')));
    expect(text.status).toBe(415);
    expect(text.body.error).toBe('Only image files are allowed.');
    const disguised = await upload(multipart('logo', 'logo.png', 'image/png', Buffer.from('still not an image')));
    expect(disguised.status).toBe(415);
    expect(disguised.body.error).toBe('Only image files are allowed.');
    const big = await upload(multipart('logo', 'big.png', 'image/png', Buffer.alloc(1024 * 1024 + 10, 1)));
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('Logo file size must be less than 1MB.');

    const first = await upload(multipart('logo', 'logo.png', 'image/png', await pngBytes(300, 100)));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstUrl: string = first.body.data.logoUrl;
    expect(firstUrl).toMatch(/^\/uploads\/.+\.webp$/);
    const onDisk = (p: string) => path.join(h.config.uploadsDir, p.slice('/uploads/'.length));
    expect(fs.existsSync(onDisk(firstUrl))).toBe(true);

    const second = await upload(multipart('logo', 'logo2.png', 'image/png', await pngBytes(120, 120)));
    expect(second.status).toBe(200);
    expect(second.body.data.logoUrl).not.toBe(firstUrl);
    expect(fs.existsSync(onDisk(firstUrl))).toBe(false);
    const listed = (await call('GET', '/api/admin/stores')).body.data.stores.find((s: any) => s.id === 5);
    expect(listed.logoUrl).toBe(second.body.data.logoUrl);
  });

  it('shows catalog changes in Recent Activity', async () => {
    await call('POST', '/api/admin/categories', { name: 'Garden Tools', slug: 'garden-tools' });
    const dash = await call('GET', '/api/admin/dashboard');
    expect(dash.body.data.recentActivity[0]).toMatchObject({ type: 'category', title: 'Garden Tools', action: 'created', user: { id: 1, username: 'admin' } });
  });
});
