import { beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/schemas/deals/deals.js';
import { seenMoreThanOnce, sightingCounts } from '../../../shared/domain/deals/lowest-price.js';
import type { NewDeal } from '../../db/schema.js';
import { insertDeal } from '../../test/data/deal-helpers.js';
import { type Harness, useHarness } from '../../test/harness.js';
import { storedProductKey } from './identity.js';
import { lowestPriceFlags } from './queries.js';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
let seq = 0;
const argos = () => `https://www.argos.co.uk/product/${8_000_000 + ++seq}`;

/** A deal row keyed like the lifecycle keys it, with its own price points (pence, days ago). */
async function dealWithPoints(h: Harness, values: Partial<NewDeal> & { url: string }, points: Array<[number, number]> = []) {
  const id = await insertDeal(h, { product_key: storedProductKey(values.url), created_at: ago(1), published_at: ago(1), ...values });
  for (const [price, days] of points) await point(h, values.url, price, days, id);
  return id;
}
const point = (h: Harness, url: string, price_pence: number, days: number, deal_id: number | null) =>
  h.db.kysely
    .insertInto('price_points')
    .values({ product_key: storedProductKey(url)!, price_pence, original_price_pence: null, recorded_at: ago(days), deal_id, source: 'member' })
    .execute();

/**
 * The cards' "Lowest price we've seen" flag: every deal list answers `isLowestPrice` for each deal, by the
 * deal page's rule, from one grouped query per page.
 */
describe('deal lists: isLowestPrice', () => {
  const {
    h,
    members: [member, owner],
  } = useHarness({ members: 2 });
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // Product A: the cheap deal is the lowest of the public prices; the pending and rejected deals' cheaper prices and
    // a point older than 12 months do not count; a gone deal's point at the same price is a tie (still the lowest).
    const a = argos();
    ids.cheap = await dealWithPoints(h, { url: a, price_pence: 1999 }, [
      [2499, 20],
      [1999, 3],
    ]);
    ids.dear = await dealWithPoints(h, { url: `${a}?utm_source=x`, price_pence: 2499 }, [[2499, 2]]);
    ids.pending = await dealWithPoints(h, { url: a, status: 'pending', user_id: owner.id, price_pence: 999 }, [[999, 1]]);
    await dealWithPoints(h, { url: a, status: 'rejected', price_pence: 500 }, [[500, 1]]);
    await point(h, a, 1999, 100, null);
    await point(h, a, 100, 400, null);
    // Product B: an expired deal's price counts, so the live deal above it is not the lowest.
    const b = argos();
    ids.aboveExpired = await dealWithPoints(h, { url: b, price_pence: 3000 }, [[3000, 1]]);
    ids.expired = await dealWithPoints(h, { url: b, status: 'expired', price_pence: 2500 }, [[2500, 40]]);
    // Product C: seen once (posted, then activated at the same price): trivially the lowest, no badge.
    ids.seenOnce = await dealWithPoints(h, { url: argos(), price_pence: 4000 }, [
      [4000, 2],
      [4000, 1],
    ]);
    // Product D: one deal whose price dropped: seen twice, the lowest.
    ids.dropped = await dealWithPoints(h, { url: argos(), price_pence: 4500 }, [
      [5000, 5],
      [4500, 1],
    ]);
    // No product key (not a web address) and no price: never.
    ids.noKey = await insertDeal(h, { url: 'not a url', price_pence: 1 });
    ids.noPrice = await dealWithPoints(h, { url: a, price_pence: null });
  });

  const listed = async (url: string, token = member.token) => {
    const res = await h.request({ method: 'GET', url, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const deals: Deal[] = Array.isArray(res.body.data) ? res.body.data : res.body.data.deals;
    return new Map(deals.map((d) => [d.id, d.isLowestPrice]));
  };

  it("marks the deal at its product's lowest public price of 12 months, and no other", async () => {
    const flags = await listed('/api/deals?status=all&pageSize=100');
    expect(
      Object.fromEntries(
        Object.entries(ids)
          .filter(([, id]) => flags.has(id))
          .map(([name, id]) => [name, flags.get(id)]),
      ),
    ).toEqual({
      cheap: true,
      dear: false,
      aboveExpired: false,
      expired: true, // the server answers the rule; the card leaves the badge off an expired deal
      seenOnce: false,
      dropped: true,
      noKey: false,
      noPrice: false,
    });
    // A visitor (the anonymous path) gets the same flags.
    const anonymous = await listed('/api/deals?status=all&pageSize=100', undefined);
    expect(anonymous.get(ids.cheap)).toBe(true);
    expect(anonymous.get(ids.dear)).toBe(false);
  });

  it('agrees with each deal page: its price history is the lowest and the product was seen more than once', async () => {
    const flags = await listed('/api/deals?status=all&pageSize=100');
    for (const [name, id] of Object.entries(ids)) {
      if (!flags.has(id)) continue;
      const history = (await h.request({ method: 'GET', url: `/api/deals/${id}/price-history`, token: member.token })).body.data;
      expect(flags.get(id), name).toBe(history.isLowest && seenMoreThanOnce(sightingCounts(history.points)));
    }
  });

  it("is on the home rows and related deals, and absent from a single deal's answer", async () => {
    expect((await listed('/api/deals/newest?limit=20')).get(ids.cheap)).toBe(true);
    expect((await listed('/api/deals/newest?limit=20')).get(ids.dear)).toBe(false);
    expect((await listed(`/api/deals/related?category=1&excludeDealId=${ids.dear}&limit=20`)).get(ids.cheap)).toBe(true);
    const one = await h.request({ method: 'GET', url: `/api/deals/${ids.cheap}`, token: member.token });
    expect(one.body.data).not.toHaveProperty('isLowestPrice');
  });

  it("counts a pending deal's own points for it alone (the owner's saved deals), never for the others", async () => {
    for (const id of [ids.pending, ids.cheap]) expect((await h.request({ method: 'POST', url: `/api/deals/${id}/save`, token: owner.token })).status).toBe(200);
    const saved = await listed('/api/deals/saved', owner.token);
    expect(saved.get(ids.pending)).toBe(true);
    expect(saved.get(ids.cheap)).toBe(true);
  });

  it('answers every id of the page, false for unknown ones, and nothing for an empty page', async () => {
    const flags = await lowestPriceFlags(h.db, [ids.cheap, ids.dear, 99_999_999]);
    expect([...flags]).toEqual([
      [ids.cheap, true],
      [ids.dear, false],
      [99_999_999, false],
    ]);
    expect((await lowestPriceFlags(h.db, [])).size).toBe(0);
  });
});
