import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';
import { insertDeal } from './data/insert-deal.js';
import { uploadDealImage } from './data/deal-helpers.js';

const INVALID = 'Expiration date must be a valid date';
const FUTURE = new Date(Date.now() + 7 * 86_400_000).toISOString();

/** Text no date parser should accept, and values of the wrong type: each must be a 400 naming the field. */
const UNREADABLE: unknown[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  'x'.repeat(100_000),
  `${'2'.repeat(5000)}-01-01`,
  'foo 12',
  '1',
  '2030-02-31',
  '2030-13-01T10:00:00Z',
  '2030-01-01T25:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  123,
  true,
  {},
  ['2030-01-01'],
];

/**
 * Every route that takes a date, with each unreadable expiry: a 400 with the field's message, never a 500, and the deal
 * as it was.
 */
describe('date fields', () => {
  let h: Harness;
  let owner: { id: number; token: string };
  let admin: string;
  let image: { imageUrl: string; thumbnailUrl: string };
  let memberDeal: number;
  let n = 0;
  let adminDeal: number;

  beforeAll(async () => {
    h = await createHarness();
    owner = await h.createUser();
    admin = await h.adminToken();
    image = await upload();
    memberDeal = await insertDeal(h, { user_id: owner.id, status: 'active', image_url: image.imageUrl, thumbnail_url: image.thumbnailUrl });
    adminDeal = await insertDeal(h, { user_id: owner.id, status: 'active' });
  });
  afterAll(() => h.close());

  const upload = () => uploadDealImage(h, owner.token);

  /** A valid deal; a new one (its own image and link) when `fresh`, as a second post of the same deal is refused. */
  const memberPayload = async (fresh = false) => {
    const img = fresh ? await upload() : image;
    n += 1;
    return {
      title: 'Ninja air fryer',
      description: 'Lowest price seen',
      url: fresh ? `https://shop.example/fryer-${n}` : 'https://shop.example/fryer',
      image_url: img.imageUrl,
      thumbnail_url: img.thumbnailUrl,
      price: 59.99,
      original_price: 99.99,
      category_id: 1,
      store_id: 1,
    };
  };
  const adminEditPayload = async () => ({
    title: 'Edited by the team',
    price: 10,
    url: 'https://shop.example/edited',
    status: 'active',
    storeId: 1,
    categoryId: 1,
    imageUrl: 'https://img.example/a.jpg',
  });

  const routes = [
    { name: 'POST /deals', method: 'POST' as const, url: () => '/api/deals', token: () => owner.token, field: 'expires_at', body: () => memberPayload(true) },
    {
      name: 'PUT /deals/{id}',
      method: 'PUT' as const,
      url: () => `/api/deals/${memberDeal}`,
      token: () => owner.token,
      field: 'expires_at',
      body: () => memberPayload(),
    },
    {
      name: 'POST /admin/deals',
      method: 'POST' as const,
      url: () => '/api/admin/deals',
      token: () => admin,
      field: 'expires_at',
      body: async () => ({ ...(await memberPayload(true)), image_url: 'https://img.example/a.jpg', thumbnail_url: null }),
    },
    {
      name: 'PUT /admin/deals/{id}',
      method: 'PUT' as const,
      url: () => `/api/admin/deals/${adminDeal}`,
      token: () => admin,
      field: 'expiresAt',
      body: adminEditPayload,
    },
  ];

  describe.each(routes)('$name', (route) => {
    it.each(
      UNREADABLE.map((value) => [
        typeof value === 'string' && value.length > 40 ? `${value.slice(0, 20)}... (${value.length} chars)` : JSON.stringify(value),
        value,
      ]),
    )('answers 400 with the field message to %s', async (_label, value) => {
      const res = await h.request({ method: route.method, url: route.url(), token: route.token(), payload: { ...(await route.body()), [route.field]: value } });
      expect({ status: res.status, error: res.body.error, field: res.body.field }).toEqual({ status: 400, error: INVALID, field: route.field });
    });

    it('takes a real date in the future, and no date at all', async () => {
      for (const value of [FUTURE, null, '']) {
        const res = await h.request({
          method: route.method,
          url: route.url(),
          token: route.token(),
          payload: { ...(await route.body()), [route.field]: value },
        });
        expect([200, 201], `${JSON.stringify(value)}: ${JSON.stringify(res.body)}`).toContain(res.status);
      }
    });
  });

  it('left the deals unchanged by the refused calls', async () => {
    const rows = await h.db.kysely.selectFrom('deals').select(['id', 'expires_at', 'title']).where('id', 'in', [memberDeal, adminDeal]).execute();
    for (const row of rows) expect(row.expires_at === null || Date.parse(row.expires_at) > Date.now()).toBe(true);
  });

  it('stores a date as an ISO-8601 UTC timestamp', async () => {
    const res = await h.request({
      method: 'PUT',
      url: `/api/deals/${memberDeal}`,
      token: owner.token,
      payload: { ...(await memberPayload()), expires_at: '2031-06-01T12:30:00+01:00' },
    });
    expect(res.status).toBe(200);
    const row = await h.db.kysely.selectFrom('deals').select('expires_at').where('id', '=', memberDeal).executeTakeFirstOrThrow();
    expect(row.expires_at).toBe('2031-06-01T11:30:00.000Z');
  });
});
