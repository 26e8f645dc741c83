import { beforeAll, describe, expect, it } from 'vitest';
import type { NewDeal } from '../../db/schema.js';
import { backfillProductIdentity } from '../../db/migrations/005-product-identity.js';
import { insertDeal, uploadDealImage, validDealPayload } from '../../test/data/deal-helpers.js';
import { type Harness, type TestUser, useHarness } from '../../test/harness.js';
import { storedProductKey } from './identity.js';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
let seq = 0;
/** A product URL of its own (Argos ids reduce to one key whatever the slug or tracking). */
const argos = () => `https://www.argos.co.uk/product/${9_000_000 + ++seq}`;

/** A deal row written directly, keyed like the lifecycle would key it. */
const seedDeal = (h: Harness, values: Partial<NewDeal> & { url: string }) => insertDeal(h, { product_key: storedProductKey(values.url), ...values });

const keyOf = async (h: Harness, id: number) =>
  (await h.db.kysely.selectFrom('deals').select('product_key').where('id', '=', id).executeTakeFirstOrThrow()).product_key;
const pointsOf = (h: Harness, id: number) =>
  h.db.kysely
    .selectFrom('price_points')
    .select(['product_key', 'price_pence', 'original_price_pence', 'source', 'recorded_at'])
    .where('deal_id', '=', id)
    .orderBy('id')
    .execute();

describe('product identity', () => {
  const { h, admin, member, moderator } = useHarness({ members: 1, moderators: 1 });

  const memberPost = async (user: { token: string }, overrides: Record<string, unknown>) => {
    const image = await uploadDealImage(h, user.token);
    return h.request({ method: 'POST', url: '/api/deals', token: user.token, payload: validDealPayload(image, overrides) });
  };
  const adminPost = (overrides: Record<string, unknown>) =>
    h.request({
      method: 'POST',
      url: '/api/admin/deals',
      token: admin.token,
      payload: {
        title: 'Team deal',
        description: 'Posted by the team',
        url: argos(),
        image_url: 'https://img.example/x.jpg',
        price: 20,
        original_price: 30,
        category_id: 1,
        store_id: 2,
        ...overrides,
      },
    });

  describe('the product key', () => {
    it('is filled on create from the url, whatever its tracking, and follows url edits (member and admin)', async () => {
      const created = await memberPost(member, { url: 'https://www.amazon.co.uk/Some-Slug/dp/b0keytest1/ref=sr_1_1?tag=x-21&utm_source=y' });
      expect(created.status).toBe(201);
      const id = created.body.data.id;
      expect(await keyOf(h, id)).toBe('amazon.co.uk/dp/B0KEYTEST1');

      const image = { imageUrl: created.body.data.imageUrl, thumbnailUrl: created.body.data.thumbnailUrl };
      const edited = await h.request({
        method: 'PUT',
        url: `/api/deals/${id}`,
        token: member.token,
        payload: validDealPayload(image, { url: 'https://www.ebay.co.uk/itm/some-title/123456789012?mkcid=1' }),
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(await keyOf(h, id)).toBe('ebay.co.uk/itm/123456789012');

      const team = await adminPost({ url: 'https://www.currys.co.uk/products/a-10251389.html?utm_medium=x' });
      expect(team.status).toBe(201);
      expect(await keyOf(h, team.body.data.id)).toBe('currys.co.uk/products/a-10251389.html');
      const put = {
        title: 'Team deal',
        price: 20,
        originalPrice: 30,
        url: 'https://store.steampowered.com/app/620/Portal_2/',
        status: 'active',
        storeId: 2,
        categoryId: 1,
        imageUrl: 'https://img.example/x.jpg',
      };
      expect((await h.request({ method: 'PUT', url: `/api/admin/deals/${team.body.data.id}`, token: admin.token, payload: put })).status).toBe(200);
      expect(await keyOf(h, team.body.data.id)).toBe('store.steampowered.com/app/620');
    });

    it('is filled for existing deals by the migration backfill, in batches, and a second run changes nothing', async () => {
      const ids = [
        await insertDeal(h, {
          url: 'https://www.argos.co.uk/product/7777001?clickref=abc',
          price_pence: 4999,
          original_price_pence: 5999,
          published_at: ago(3),
        }),
        await insertDeal(h, { url: 'https://WWW.Argos.co.uk/product/7777002/', price_pence: 0 }),
        await insertDeal(h, { url: 'https://shop.example/no-price', price_pence: null }),
        await insertDeal(h, { url: 'not a url at all' }),
        await insertDeal(h, { url: `https://shop.example/${'long/'.repeat(200)}` }),
      ];
      expect(await Promise.all(ids.map((id) => keyOf(h, id)))).toEqual([null, null, null, null, null]);

      const first = await backfillProductIdentity(h.db.kysely, 2);
      expect(first).toEqual({ keyed: 4, points: 3 });
      const keys = await Promise.all(ids.map((id) => keyOf(h, id)));
      expect(keys.slice(0, 4)).toEqual(['argos.co.uk/product/7777001', 'argos.co.uk/product/7777002', 'shop.example/no-price', null]);
      expect(keys[4]).toMatch(/^shop\.example\/long\/.*#sha256:[0-9a-f]{64}$/);
      expect(keys[4]!.length).toBeLessThanOrEqual(500);

      // One point per keyed deal with a price, at its publication, marked as backfilled.
      const [p1] = await pointsOf(h, ids[0]);
      const published = (await h.db.kysely.selectFrom('deals').select('published_at').where('id', '=', ids[0]).executeTakeFirstOrThrow()).published_at;
      expect(p1).toEqual({
        product_key: 'argos.co.uk/product/7777001',
        price_pence: 4999,
        original_price_pence: 5999,
        source: 'backfill',
        recorded_at: published,
      });
      expect(await pointsOf(h, ids[1])).toHaveLength(1);
      expect(await pointsOf(h, ids[2])).toEqual([]);
      expect(await pointsOf(h, ids[3])).toEqual([]);

      expect(await backfillProductIdentity(h.db.kysely, 2)).toEqual({ keyed: 0, points: 0 });
      expect(await pointsOf(h, ids[0])).toHaveLength(1);
    });
  });

  describe('GET /api/deals/duplicates', () => {
    let url: string;
    let active: number;
    let pending: number;
    beforeAll(async () => {
      url = argos();
      active = await seedDeal(h, { url, status: 'active', title: 'Active one', price_pence: 1999, temperature: 12, created_at: ago(5) });
      pending = await seedDeal(h, { url: `${url}?utm_source=x`, status: 'pending', title: 'Pending one', created_at: ago(1) });
      await seedDeal(h, { url, status: 'rejected', created_at: ago(1) });
      await seedDeal(h, { url, status: 'expired', created_at: ago(2) });
      await seedDeal(h, { url, status: 'active', created_at: ago(31) });
      await seedDeal(h, { url, status: 'active', created_at: ago(3), expires_at: ago(1) });
      await seedDeal(h, { url: argos(), status: 'active' });
    });

    it('lists the open deals of the same product from the last 30 days, public fields only, newest first', async () => {
      const res = await h.request({
        method: 'GET',
        url: `/api/deals/duplicates?url=${encodeURIComponent(`http://argos.co.uk${new URL(url).pathname}/?intcmp=z`)}`,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        deals: [
          { id: pending, title: 'Pending one', price: 10, status: 'pending', temperature: 0, createdAt: expect.any(String) },
          { id: active, title: 'Active one', price: 19.99, status: 'active', temperature: 12, createdAt: expect.any(String) },
        ],
        existingDealId: active,
      });
    });

    it('leaves out the deal being edited, and answers an empty list for a new product', async () => {
      const res = await h.request({ method: 'GET', url: `/api/deals/duplicates?url=${encodeURIComponent(url)}&excludeId=${active}` });
      expect(res.body.data).toEqual({ deals: [expect.objectContaining({ id: pending })], existingDealId: null });
      const none = await h.request({ method: 'GET', url: `/api/deals/duplicates?url=${encodeURIComponent(argos())}` });
      expect(none.body).toEqual({ success: true, data: { deals: [], existingDealId: null } });
    });

    it('answers 400 with the field message for a missing or invalid url (never the deal route)', async () => {
      const missing = await h.request({ method: 'GET', url: '/api/deals/duplicates' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ success: false, error: 'Deal URL is required', field: 'url' });
      for (const bad of ['not%20a%20url', 'javascript:alert(1)', 'ftp://x.example/a']) {
        const res = await h.request({ method: 'GET', url: `/api/deals/duplicates?url=${bad}` });
        expect(res.status, bad).toBe(400);
        expect(res.body).toMatchObject({ success: false, error: 'Must be a valid URL', field: 'url' });
      }
    });
  });

  describe('posting a product that is already there', () => {
    it('refuses a member with 409 and data.existingDealId when an active deal of the last 30 days has it', async () => {
      const url = argos();
      const existing = await seedDeal(h, { url, status: 'active', created_at: ago(29) });
      const before = await h.db.kysely
        .selectFrom('deals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      for (const overrides of [{ url: `${url}?clickref=1` }, { url, allowDuplicate: true }]) {
        const res = await memberPost(member, overrides);
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ success: false, error: 'This deal has already been posted', data: { existingDealId: existing } });
      }
      const after = await h.db.kysely
        .selectFrom('deals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('allows the product again once its active deal is older than 30 days, expired or rejected', async () => {
      for (const values of [
        { status: 'active', created_at: ago(31) },
        { status: 'expired' },
        { status: 'rejected' },
        { status: 'active', expires_at: ago(1) },
      ]) {
        const url = argos();
        await seedDeal(h, { url, ...values });
        const res = await memberPost(member, { url });
        expect(res.status, JSON.stringify(values)).toBe(201);
        const row = await h.db.kysely.selectFrom('deals').select('duplicate_of').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
        expect(row.duplicate_of).toBeNull();
      }
    });

    it('lets moderators (member route) and admins (admin route) override with allowDuplicate, flagged for the team', async () => {
      const url = argos();
      const existing = await seedDeal(h, { url, status: 'active' });
      expect((await memberPost(moderator, { url })).status).toBe(409);
      const byModerator = await memberPost(moderator, { url, allowDuplicate: true });
      expect(byModerator.status).toBe(201);
      expect(byModerator.body.data).not.toHaveProperty('duplicateOf');

      const refused = await adminPost({ url });
      expect(refused.status).toBe(409);
      expect(refused.body.data).toEqual({ existingDealId: existing });
      const byAdmin = await adminPost({ url, allowDuplicate: true });
      expect(byAdmin.status).toBe(201);
      expect(byAdmin.body.data.duplicateOf).toBe(existing);

      for (const id of [byModerator.body.data.id, byAdmin.body.data.id]) {
        const detail = await h.request({ method: 'GET', url: `/api/admin/deals/${id}`, token: admin.token });
        expect(detail.body.data.duplicateOf).toBe(existing);
      }
    });

    it('allows a product that only has a pending deal, flagging the new deal with it (admin list and detail, not the public)', async () => {
      const url = argos();
      const waiting = await seedDeal(h, { url, status: 'pending', created_at: ago(2) });
      const res = await memberPost(member, { url, title: 'Pending repost' });
      expect(res.status).toBe(201);
      const id = res.body.data.id;

      const detail = await h.request({ method: 'GET', url: `/api/admin/deals/${id}`, token: admin.token });
      expect(detail.body.data).toMatchObject({ id, duplicateOf: waiting });
      const list = await h.request({ method: 'GET', url: '/api/admin/deals?status=pending&limit=100', token: admin.token });
      const rows = list.body.data.deals as Array<{ id: number; duplicateOf: number | null }>;
      expect(rows.find((d) => d.id === id)?.duplicateOf).toBe(waiting);
      expect(rows.find((d) => d.id === waiting)?.duplicateOf).toBeNull();

      const own = await h.request({ method: 'GET', url: `/api/deals/${id}`, token: member.token });
      expect(own.status).toBe(200);
      expect(own.body.data).not.toHaveProperty('duplicateOf');
    });
  });

  describe('price points', () => {
    it('are recorded once per change on create, activation and repricing, with who caused them', async () => {
      const created = await memberPost(member, { url: argos(), price: 40, original_price: 50 });
      const id = created.body.data.id;
      expect(await pointsOf(h, id)).toEqual([expect.objectContaining({ price_pence: 4000, original_price_pence: 5000, source: 'member' })]);

      expect((await h.request({ method: 'POST', url: `/api/admin/deals/${id}/activate`, token: admin.token, payload: {} })).status).toBe(200);
      const put = (price: number, title = 'Team edit') => ({
        title,
        price,
        originalPrice: 50,
        url: created.body.data.url,
        status: 'active',
        storeId: 42,
        categoryId: 1,
        imageUrl: created.body.data.imageUrl,
      });
      expect((await h.request({ method: 'PUT', url: `/api/admin/deals/${id}`, token: admin.token, payload: put(35) })).status).toBe(200);
      // An edit that leaves the prices alone records nothing.
      expect((await h.request({ method: 'PUT', url: `/api/admin/deals/${id}`, token: admin.token, payload: put(35, 'Renamed') })).status).toBe(200);
      const points = await pointsOf(h, id);
      expect(points.map((p) => [p.price_pence, p.source])).toEqual([
        [4000, 'member'],
        [4000, 'admin'],
        [3500, 'admin'],
      ]);
      expect(new Set(points.map((p) => p.product_key)).size).toBe(1);
    });

    it('a deal created active (created + activated in one change) gets exactly one point', async () => {
      const res = await adminPost({ url: argos(), price: 12.5 });
      expect(await pointsOf(h, res.body.data.id)).toEqual([expect.objectContaining({ price_pence: 1250, source: 'admin' })]);
    });
  });

  describe('GET /api/deals/{id}/price-history', () => {
    let url: string;
    let deal: number;
    let owner: TestUser;
    let pendingDeal: number;
    let rejected: number;

    const point = (values: { price_pence: number; days: number; deal_id: number | null; original_price_pence?: number | null; key?: string }) =>
      h.db.kysely
        .insertInto('price_points')
        .values({
          product_key: values.key ?? storedProductKey(url)!,
          price_pence: values.price_pence,
          original_price_pence: values.original_price_pence ?? null,
          recorded_at: ago(values.days),
          deal_id: values.deal_id,
          source: 'member',
        })
        .execute();

    beforeAll(async () => {
      owner = await h.createUser();
      url = argos();
      deal = await seedDeal(h, { url, status: 'active', price_pence: 2500 });
      const older = await seedDeal(h, { url, status: 'expired', created_at: ago(200) });
      pendingDeal = await seedDeal(h, { url, status: 'pending', user_id: owner.id, price_pence: 100 });
      rejected = await seedDeal(h, { url, status: 'rejected', price_pence: 50 });
      await point({ price_pence: 2500, days: 1, deal_id: deal });
      await point({ price_pence: 2999, original_price_pence: 3999, days: 200, deal_id: older });
      await point({ price_pence: 3100, days: 100, deal_id: null }); // its deal was deleted: the observation stays
      await point({ price_pence: 2500, days: 150, deal_id: older });
      await point({ price_pence: 100, days: 1, deal_id: pendingDeal }); // not vouched for: hidden from others
      await point({ price_pence: 50, days: 1, deal_id: rejected });
      await point({ price_pence: 10, days: 400, deal_id: older }); // older than 12 months
      await point({ price_pence: 5, days: 1, deal_id: null, key: 'argos.co.uk/product/other' });
    });

    it('gives the 12-month points most recent first, the lowest and highest, and whether this deal is the lowest', async () => {
      const res = await h.request({ method: 'GET', url: `/api/deals/${deal}/price-history` });
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data.points.map((p: { price: number }) => p.price)).toEqual([25, 31, 25, 29.99]);
      expect(data.points[0]).toEqual({ price: 25, originalPrice: null, recordedAt: expect.any(String), dealId: deal, source: 'member' });
      expect(data.points[1].dealId).toBeNull();
      expect(data.points[3]).toMatchObject({ price: 29.99, originalPrice: 39.99 });
      expect(data.lowest).toEqual({ price: 25, recordedAt: data.points[0].recordedAt });
      expect(data.highest).toEqual({ price: 31, recordedAt: data.points[1].recordedAt });
      expect(data.isLowest).toBe(true);
      expect(data.count).toBe(4);
    });

    it('is not the lowest once a cheaper public price was seen', async () => {
      await h.db.kysely.updateTable('deals').set({ price_pence: 2600 }).where('id', '=', deal).execute();
      // Signed in: a visitor's answer may come from the anonymous read cache, which this direct write does not empty.
      const res = await h.request({ method: 'GET', url: `/api/deals/${deal}/price-history`, token: member.token });
      expect(res.body.data.isLowest).toBe(false);
      await h.db.kysely.updateTable('deals').set({ price_pence: 2500 }).where('id', '=', deal).execute();
    });

    it('follows the deal page visibility: pending for the owner and the team, 403 for others; 404 for missing and rejected', async () => {
      const visitor = await h.request({ method: 'GET', url: `/api/deals/${pendingDeal}/price-history` });
      expect(visitor.status).toBe(403);
      expect(visitor.body).toEqual({ success: false, error: 'No such active deal currently', isPendingDeal: true });
      expect((await h.request({ method: 'GET', url: `/api/deals/${pendingDeal}/price-history`, token: member.token })).status).toBe(403);

      const asOwner = await h.request({ method: 'GET', url: `/api/deals/${pendingDeal}/price-history`, token: owner.token });
      expect(asOwner.status).toBe(200);
      // The viewed deal's own point shows for whoever may see the deal.
      expect(asOwner.body.data.lowest.price).toBe(1);
      expect(asOwner.body.data.isLowest).toBe(true);
      expect((await h.request({ method: 'GET', url: `/api/deals/${pendingDeal}/price-history`, token: moderator.token })).status).toBe(200);

      expect((await h.request({ method: 'GET', url: `/api/deals/${rejected}/price-history` })).status).toBe(404);
      expect((await h.request({ method: 'GET', url: '/api/deals/99999999/price-history' })).body).toEqual({ success: false, error: 'Deal not found' });
      expect((await h.request({ method: 'GET', url: '/api/deals/abc/price-history' })).status).toBe(400);
    });

    it('both routes are in the OpenAPI document with their answers', async () => {
      const res = await h.request({ method: 'GET', url: '/api/docs/json' });
      expect(res.status).toBe(200);
      const paths = res.body.paths;
      expect(JSON.stringify(paths['/api/deals/duplicates'].get)).toContain('existingDealId');
      expect(JSON.stringify(paths['/api/deals/{id}/price-history'].get)).toContain('isLowest');
    });

    it('is empty (and not the lowest) for a deal without a key', async () => {
      const id = await insertDeal(h, { url: 'not a url', status: 'active' });
      const res = await h.request({ method: 'GET', url: `/api/deals/${id}/price-history` });
      expect(res.body.data).toEqual({ points: [], lowest: null, highest: null, isLowest: false, count: 0 });
    });
  });
});
