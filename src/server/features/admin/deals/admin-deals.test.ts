import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/insert-deal.js';
import { storedDealImage } from '../test-fixtures.js';

const DAY = 24 * 60 * 60 * 1000;
const at = (offsetDays: number) => new Date(Date.parse('2024-05-01T12:00:00.000Z') + offsetDays * DAY).toISOString();

describe('admin deals list', () => {
  const { h, admin } = useHarness();
  const id: Record<string, number> = {};
  beforeAll(async () => {
    // category 1 Electronics, 2 Computers; store 1 Argos, 2 Currys, 3 Tesco
    id.kettle = await insertDeal(h, { title: 'Breville kettle', status: 'active', category_id: 1, store_id: 3, created_at: at(0), updated_at: at(5) });
    id.laptop = await insertDeal(h, { title: 'Lenovo laptop 16GB', status: 'pending', category_id: 2, store_id: 2, created_at: at(1), updated_at: at(1) });
    id.tv = await insertDeal(h, {
      title: 'Samsung television 55 inch',
      status: 'active',
      category_id: 1,
      store_id: 1,
      created_at: at(2),
      updated_at: at(2),
      expires_at: at(3),
    });
    id.mouse = await insertDeal(h, {
      title: 'Logitech mouse',
      description: 'Wireless laptop mouse',
      status: 'expired',
      category_id: 2,
      store_id: 1,
      created_at: at(3),
      updated_at: at(3),
    });
    id.phone = await insertDeal(h, { title: 'Pixel phone', status: 'rejected', category_id: 1, store_id: 2, created_at: at(4), updated_at: at(4) });
    id.gone = await insertDeal(h, { title: 'Old deleted thing', status: 'deleted', category_id: 1, store_id: 1, created_at: at(5), updated_at: at(0) });
  });

  const list = async (query: string) => {
    const res = await h.request({ method: 'GET', url: `/api/admin/deals${query}`, token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { deals: any[]; totalCount: number; page: number; limit: number; totalPages: number };
  };
  const titles = (d: { deals: any[] }) => d.deals.map((x) => x.title);

  it('lists every status, newest created first, 10 per page by default', async () => {
    const d = await list('');
    expect(d).toMatchObject({ totalCount: 6, page: 1, limit: 10, totalPages: 1 });
    expect(titles(d)).toEqual(['Old deleted thing', 'Pixel phone', 'Logitech mouse', 'Samsung television 55 inch', 'Lenovo laptop 16GB', 'Breville kettle']);
    expect(d.deals[0]).toMatchObject({ id: id.gone, status: 'deleted', categoryName: 'Electronics', storeName: 'Argos', price: 10, originalPrice: 20 });
  });

  it('filters by status with the expired rule of the spec', async () => {
    expect(titles(await list('?status=pending'))).toEqual(['Lenovo laptop 16GB']);
    expect(titles(await list('?status=active'))).toEqual(['Breville kettle']);
    expect(titles(await list('?status=expired'))).toEqual(['Logitech mouse', 'Samsung television 55 inch']);
    expect(titles(await list('?status=rejected'))).toEqual(['Pixel phone']);
    expect(titles(await list('?status=deleted'))).toEqual(['Old deleted thing']);
    expect((await list('?status=all')).totalCount).toBe(6);
    expect((await h.request({ method: 'GET', url: '/api/admin/deals?status=hidden', token: admin.token })).status).toBe(400);
  });

  it('filters by category and store, "all" and empty meaning no filter', async () => {
    expect(titles(await list('?category=2'))).toEqual(['Logitech mouse', 'Lenovo laptop 16GB']);
    expect(titles(await list('?store=1&category=1'))).toEqual(['Old deleted thing', 'Samsung television 55 inch']);
    expect((await list('?category=all&store=all')).totalCount).toBe(6);
    expect((await list('?category=&store=&search=')).totalCount).toBe(6);
  });

  it('searches title, description, store and category through the full-text index', async () => {
    expect(titles(await list('?search=laptop'))).toEqual(['Logitech mouse', 'Lenovo laptop 16GB']);
    expect(titles(await list('?search=Lapt'))).toEqual(['Logitech mouse', 'Lenovo laptop 16GB']);
    expect(titles(await list('?search=lenovo%20laptop'))).toEqual(['Lenovo laptop 16GB']);
    expect(titles(await list('?search=currys'))).toEqual(['Pixel phone', 'Lenovo laptop 16GB']);
    expect(titles(await list('?search=samsung&status=expired'))).toEqual(['Samsung television 55 inch']);
    expect(await list('?search=%22*%20OR%20(')).toMatchObject({ deals: [], totalCount: 0 });
    expect(await list('?search=zzzunknown')).toMatchObject({ deals: [], totalCount: 0, totalPages: 0 });
  });

  it('sorts by title, category, store, created and updated, as sort=key_dir or sortBy/sortOrder', async () => {
    expect(titles(await list('?sort=title_asc'))[0]).toBe('Breville kettle');
    expect(titles(await list('?sort=title_desc'))[0]).toBe('Samsung television 55 inch');
    expect(titles(await list('?sortBy=title&sortOrder=asc'))).toEqual(titles(await list('?sort=title_asc')));
    // Computers before Electronics; the id breaks the tie, same direction.
    expect(titles(await list('?sort=category_asc')).slice(0, 2)).toEqual(['Lenovo laptop 16GB', 'Logitech mouse']);
    expect(titles(await list('?sort=store_desc'))[0]).toBe('Breville kettle'); // Tesco
    expect(titles(await list('?sort=store_asc')).slice(0, 3)).toEqual(['Samsung television 55 inch', 'Logitech mouse', 'Old deleted thing']); // Argos
    expect(titles(await list('?sort=created_asc'))[0]).toBe('Breville kettle');
    expect(titles(await list('?sort=updated_desc'))[0]).toBe('Breville kettle');
    expect(titles(await list('?sortBy=updated_at&sortOrder=asc'))[0]).toBe('Old deleted thing');
    expect(titles(await list('?sortBy=createdAt'))[0]).toBe('Old deleted thing');
    for (const bad of ['?sort=price_asc', '?sort=title', '?sortBy=price', '?sortOrder=up']) {
      const res = await h.request({ method: 'GET', url: `/api/admin/deals${bad}`, token: admin.token });
      expect(res.status, bad).toBe(400);
    }
  });

  it('pages with limit (max 100) and totalPages', async () => {
    const p2 = await list('?limit=4&page=2&sort=created_asc');
    expect(p2).toMatchObject({ totalCount: 6, page: 2, limit: 4, totalPages: 2 });
    expect(titles(p2)).toEqual(['Pixel phone', 'Old deleted thing']);
    expect((await list('?limit=4&page=3')).deals).toEqual([]);
    expect((await h.request({ method: 'GET', url: '/api/admin/deals?limit=101', token: admin.token })).status).toBe(400);
    expect((await h.request({ method: 'GET', url: '/api/admin/deals?page=0', token: admin.token })).status).toBe(400);
  });

  it('gets one deal in any status, 404 when unknown', async () => {
    const res = await h.request({ method: 'GET', url: `/api/admin/deals/${id.laptop}`, token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: id.laptop,
      status: 'pending',
      isPending: true,
      categoryId: 2,
      storeId: 2,
      category: { id: 2 },
      store: { id: 2 },
    });
    const missing = await h.request({ method: 'GET', url: '/api/admin/deals/999999', token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, error: 'Deal not found' });
  });
});

describe('admin deal edit, delete and create', () => {
  const { h, admin } = useHarness();

  const form = (over: Record<string, unknown> = {}) => ({
    title: 'Edited title',
    description: 'Edited description',
    price: '12.5',
    originalPrice: '25',
    url: 'https://shop.example/edited',
    coupon: 'SAVE10',
    imageUrl: 'https://img.example/picture.jpg',
    status: 'pending',
    storeId: 2,
    categoryId: 3,
    ...over,
  });
  const put = (id: number, payload: object) => h.request({ method: 'PUT', url: `/api/admin/deals/${id}`, token: admin.token, payload });

  it('answers the spec messages for invalid form values, naming the field, and changes nothing', async () => {
    const id = await insertDeal(h, { title: 'Untouched' });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '  ' }, 'title', 'Title is required'],
      [{ price: -1 }, 'price', 'Price must be positive'],
      [{ originalPrice: -3 }, 'originalPrice', 'Original price must be positive'],
      [{ url: 'not a url' }, 'url', 'Must be a valid URL'],
      [{ storeId: 0 }, 'storeId', 'Store is required'],
      [{ categoryId: undefined }, 'categoryId', 'Category is required'],
      [{ imageUrl: '' }, 'imageUrl', 'Image URL is required'],
      [{ imageUrl: 'ftp://img.example/a.jpg' }, 'imageUrl', 'Image URL must be a valid URL or a valid uploads path'],
      [{ coupon: 'x'.repeat(51) }, 'coupon', 'Coupon code must be at most 50 characters'],
      [{ status: 'archived' }, 'status', ''],
    ];
    for (const [over, field, message] of cases) {
      const res = await put(id, form(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.field).toBe(field);
      if (message) expect(res.body.error).toBe(message);
    }
    const unknownStore = await put(id, form({ storeId: 9999 }));
    expect(unknownStore.status).toBe(400);
    expect(unknownStore.body).toMatchObject({ field: 'storeId', error: 'Store not found' });
    const missingUpload = await put(id, form({ imageUrl: '/uploads/deals/nothing-here.webp' }));
    expect(missingUpload.body).toMatchObject({ field: 'imageUrl', error: 'Image URL must be a valid URL or a valid uploads path' });
    expect((await put(999999, form())).status).toBe(404);

    const row = await h.db.kysely.selectFrom('deals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.title).toBe('Untouched');
    expect(await h.db.kysely.selectFrom('deal_backups').select('id').where('deal_id', '=', id).execute()).toHaveLength(0);
  });

  it('backs up the old row, updates and logs the changed fields', async () => {
    const id = await insertDeal(h, {
      title: 'Before edit',
      status: 'pending',
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
      published_at: '2024-01-01T00:00:00.000Z',
    });
    const res = await put(id, form({ originalPrice: '' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      title: 'Edited title',
      description: 'Edited description',
      price: 12.5,
      originalPrice: null,
      url: 'https://shop.example/edited',
      coupon: 'SAVE10',
      imageUrl: 'https://img.example/picture.jpg',
      thumbnailUrl: 'https://img.example/picture.jpg',
      status: 'pending',
      storeId: 2,
      categoryId: 3,
      publishedAt: '2024-01-01T00:00:00.000Z',
    });
    expect(res.body.data.updatedAt > '2024-01-01T00:00:00.000Z').toBe(true);

    const backups = await h.db.kysely.selectFrom('deal_backups').selectAll().where('deal_id', '=', id).execute();
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatchObject({ reason: 'admin-edit', created_by: 1 });
    expect(JSON.parse(backups[0].data)).toMatchObject({ id, title: 'Before edit', price_pence: 1000 });

    const log = await h.db.kysely.selectFrom('moderation_log').selectAll().where('entity_id', '=', id).where('action', '=', 'edit').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ actor_id: 1, entity_type: 'deal', entity_title: 'Edited title' });
    expect(JSON.parse(log.before_json!)).toMatchObject({ title: 'Before edit', price_pence: 1000, original_price_pence: 2000, store_id: 1 });
    expect(JSON.parse(log.after_json!)).toMatchObject({ title: 'Edited title', price_pence: 1250, original_price_pence: null, store_id: 2 });
    expect(JSON.parse(log.after_json!)).not.toHaveProperty('status');

    // The same values again change nothing: no second backup, no log entry.
    await put(id, form({ originalPrice: '' }));
    expect(await h.db.kysely.selectFrom('deal_backups').select('id').where('deal_id', '=', id).execute()).toHaveLength(1);
  });

  it('publishes a pending deal set active: published now and a fresh hot score', async () => {
    const id = await insertDeal(h, { status: 'pending', published_at: '2024-01-01T00:00:00.000Z' });
    const before = Date.now();
    const res = await put(id, form({ status: 'active' }));
    expect(res.body.data.status).toBe('active');
    expect(Date.parse(res.body.data.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    const row = await h.db.kysely.selectFrom('deals').select('hot_score').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.hot_score).toBeCloseTo(before / 1000 / 45000, 1);
  });

  it('accepts an existing deal upload as the image', async () => {
    const id = await insertDeal(h);
    const img = await storedDealImage(h);
    const res = await put(id, form({ imageUrl: img.url, thumbnailUrl: img.thumbnailUrl }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ imageUrl: img.url, thumbnailUrl: img.thumbnailUrl });
  });

  it('deletes a deal with its votes, saves, comments, backups and image files, and logs it', async () => {
    const owner = await h.createUser();
    const voter = await h.createUser();
    const current = await storedDealImage(h);
    const older = await storedDealImage(h);
    const id = await insertDeal(h, { user_id: owner.id, status: 'active', image_url: current.url, thumbnail_url: current.thumbnailUrl });
    const now = new Date().toISOString();
    await h.db.kysely.insertInto('votes').values({ deal_id: id, user_id: voter.id, vote_type: 1, created_at: now }).execute();
    await h.db.kysely.insertInto('saved_deals').values({ deal_id: id, user_id: voter.id, created_at: now }).execute();
    await h.db.kysely.insertInto('comments').values({ deal_id: id, user_id: voter.id, text: 'Nice', created_at: now }).execute();
    await h.db.kysely
      .insertInto('deal_backups')
      .values({
        deal_id: id,
        reason: 'localize-image',
        data: JSON.stringify({ image_url: older.url, thumbnail_url: older.thumbnailUrl }),
        created_by: 1,
        created_at: now,
      })
      .execute();
    const file = (p: string) => path.join(h.config.uploadsDir, p.slice('/uploads/'.length));
    const files = [current.url, current.thumbnailUrl, older.url, older.thumbnailUrl].map(file);
    expect(files.every((f) => fs.existsSync(f))).toBe(true);

    const res = await h.request({ method: 'DELETE', url: `/api/admin/deals/${id}`, token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id, deleted: true });
    expect(files.filter((f) => fs.existsSync(f))).toEqual([]);
    for (const table of ['votes', 'saved_deals', 'comments', 'deal_backups'] as const) {
      expect(await h.db.kysely.selectFrom(table).select('deal_id').where('deal_id', '=', id).execute(), table).toHaveLength(0);
    }
    expect(await h.db.kysely.selectFrom('deals').select('id').where('id', '=', id).execute()).toHaveLength(0);
    const log = await h.db.kysely.selectFrom('moderation_log').selectAll().where('entity_id', '=', id).where('action', '=', 'delete').executeTakeFirstOrThrow();
    expect(JSON.parse(log.before_json!)).toMatchObject({ id, status: 'active', user_id: owner.id });
    expect((await h.request({ method: 'DELETE', url: `/api/admin/deals/${id}`, token: admin.token })).status).toBe(404);
  });

  it('never deletes a file outside the deal uploads with a deal', async () => {
    const avatar = path.join(h.config.uploadsDir, 'avatars', 'someone.webp');
    fs.mkdirSync(path.dirname(avatar), { recursive: true });
    fs.writeFileSync(avatar, 'x');
    const id = await insertDeal(h, { image_url: '/uploads/avatars/someone.webp' });
    expect((await h.request({ method: 'DELETE', url: `/api/admin/deals/${id}`, token: admin.token })).status).toBe(200);
    expect(fs.existsSync(avatar)).toBe(true);
  });

  it('creates a deal in any status, with an external image allowed for the admin', async () => {
    const payload = {
      title: 'Admin posted deal',
      description: 'Posted from the back office',
      url: 'https://shop.example/admin',
      image_url: 'https://img.example/admin.jpg',
      price: 5,
      original_price: 9.99,
      category_id: 4,
      store_id: 42,
      coupon: '',
    };
    const post = (changes: Record<string, unknown> = {}) =>
      h.request({ method: 'POST', url: '/api/admin/deals', token: admin.token, payload: { ...payload, ...changes } });
    const res = await post();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Admin posted deal',
      status: 'active',
      userId: 1,
      imageUrl: 'https://img.example/admin.jpg',
      price: 5,
      originalPrice: 9.99,
      coupon: null,
      storeId: 42,
    });
    const log = await h.db.kysely.selectFrom('moderation_log').selectAll().where('entity_id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(log.action).toBe('create');

    const pending = await post({ url: 'https://shop.example/admin-pending', status: 'pending' });
    expect(pending.body.data.status).toBe('pending');

    const bad = await post({ title: '' });
    expect(bad.body).toMatchObject({ success: false, field: 'title', error: 'Title is required' });
    const badImage = await post({ image_url: 'javascript:alert(1)' });
    expect(badImage.status).toBe(400);
    expect(badImage.body.field).toBe('image_url');
    const noUpload = await post({ image_url: '/uploads/deals/missing.webp' });
    expect(noUpload.status).toBe(400);
    const noStore = await post({ store_id: 9999 });
    expect(noStore.body).toMatchObject({ field: 'store_id', error: 'Store not found' });
  });
});
