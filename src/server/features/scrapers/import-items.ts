import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createDeal, type LifecycleDeps, type Tx } from '../deals/index.js';
import { DUPLICATE_WINDOW_DAYS, hasRecentDealOfProduct, storedProductKey } from '../products/index.js';
import { clampText } from '../../services/ai/page-info.js';
import { clampWords } from '../../services/ai/title-rules.js';
import { bestCategory, OTHER_CATEGORY } from './source/category-match.js';
import { merchantKey, storeNameFor, storeNameKey, storesByMerchantKey } from './source/merchant.js';
import { normaliseUrl } from './source/normalise-url.js';
import type { ScrapedItem } from './source/pepper-rss.js';

export interface ImportResult {
  added: number;
  /** Items not imported: seen before, or a product with a recent deal (the latter also counted in `duplicates`). */
  skipped: number;
  /** Items skipped because a deal of the same product was created in the last 30 days (docs/notes/products.md). */
  duplicates: number;
  dealIds: number[];
}

/** Rolls an item's transaction back when another run (or an earlier item) already holds one of its keys. */
class AlreadyImported extends Error {}
/** Rolls an item's transaction back when its product already has a deal of the last 30 days. */
class RecentProduct extends Error {}

const KEY_MAX = 500;
/** A key that fits the column: long ones are replaced by their hash (still unique per URL or id). */
const fitKey = (key: string) => (key.length <= KEY_MAX ? key : `${key.slice(0, 3)}sha256:${crypto.createHash('sha256').update(key).digest('hex')}`);

/** The de-duplication keys of an item: the source's item id and the normalised URL. */
export function itemKeys(item: ScrapedItem): string[] {
  return [fitKey(`id:${item.itemId}`), fitKey(`url:${normaliseUrl(item.url)}`)];
}

/**
 * `product:<key>`: claimed beside the item keys so two overlapping runs cannot both import one product from two
 * different items (neither would see the other's uncommitted deal). Unlike the item keys it lapses: a claim older than
 * the duplicate window is released first, so the product can come back as a new deal after 30 days.
 */
export const productClaim = (key: string) => fitKey(`product:${key}`);

async function claimProduct(trx: Tx, source: string, key: string, nowIso: string): Promise<boolean> {
  const claim = productClaim(key);
  const lapsed = new Date(Date.parse(nowIso) - DUPLICATE_WINDOW_DAYS * 86_400_000).toISOString();
  await trx.deleteFrom('scraped_items').where('source', '=', source).where('item_key', '=', claim).where('created_at', '<', lapsed).execute();
  const claimed = await trx
    .insertInto('scraped_items')
    .values({ source, item_key: claim, deal_id: null, created_at: nowIso })
    .onConflict((oc) => oc.columns(['source', 'item_key']).doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) === 1;
}

interface Lookups {
  storesByKey: Map<string, number>;
  categoriesByName: Map<string, number>;
  otherCategoryId: number;
}

async function loadLookups(db: Kysely<Database>): Promise<Lookups> {
  // Several stores with one merchant key: the oldest wins, so a merchant always lands on one store.
  const storesByKey = storesByMerchantKey(await db.selectFrom('stores').select(['id', 'name']).execute());
  let categories = await db.selectFrom('categories').select(['id', 'name', 'slug']).execute();
  if (!categories.some((c) => c.slug === 'other')) {
    const now = new Date().toISOString();
    await db
      .insertInto('categories')
      .values({ name: OTHER_CATEGORY, slug: 'other', created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    categories = await db.selectFrom('categories').select(['id', 'name', 'slug']).execute();
  }
  const other = categories.find((c) => c.slug === 'other');
  if (!other) throw new Error(`The "${OTHER_CATEGORY}" category is missing and could not be created`);
  const categoriesByName = new Map(categories.map((c) => [c.name, c.id]));
  return { storesByKey, categoriesByName, otherCategoryId: other.id };
}

/** The store for a merchant, created when we have never seen it (safe against a concurrent run creating it too). */
async function storeFor(db: Kysely<Database>, lookups: Lookups, item: ScrapedItem): Promise<number> {
  const name = storeNameFor(item.merchant);
  const key = merchantKey(name);
  const known = lookups.storesByKey.get(key);
  if (known) return known;
  const now = new Date().toISOString();
  await db
    .insertInto('stores')
    .values({ name, name_key: storeNameKey(name), url: item.merchantUrl, logo_url: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('name_key').doNothing())
    .execute();
  const row = await db.selectFrom('stores').select('id').where('name_key', '=', storeNameKey(name)).executeTakeFirstOrThrow();
  lookups.storesByKey.set(key, row.id);
  return row.id;
}

/**
 * Creates a pending deal for each item not seen before. An item's keys are claimed with INSERT .. ON CONFLICT DO
 * NOTHING in the same transaction that creates its deal, so two overlapping runs can never both import it.
 *
 * An item whose product (features/products storedProductKey of its link) already has a deal created in the last 30
 * days, from any source or member and in any status, is skipped (counted in `skipped` and `duplicates`): the scraper
 * never reposts what members or the team already posted, nor what a moderator rejected.
 *
 * The deal starts at temperature 0. The feed's own temperature (ScrapedItem.feedTemperature) is not carried over: our
 * temperature is the sum of our members' votes (ARCHITECTURE §5), the other site's voters are not ours, and a
 * borrowed number would rank an unvoted deal above ones our members voted up.
 */
export async function importItems(deps: LifecycleDeps, source: string, items: ScrapedItem[]): Promise<ImportResult> {
  const db = deps.db.kysely;
  const lookups = await loadLookups(db);
  const available = new Set(lookups.categoriesByName.keys());
  const result: ImportResult = { added: 0, skipped: 0, duplicates: 0, dealIds: [] };

  for (const item of items) {
    const keys = itemKeys(item);
    const seen = await db.selectFrom('scraped_items').select('id').where('source', '=', source).where('item_key', 'in', keys).executeTakeFirst();
    if (seen) {
      result.skipped++;
      continue;
    }
    const storeId = await storeFor(db, lookups, item);
    const categoryName = bestCategory({ title: item.title, description: item.description, labels: item.categories }, available);
    const categoryId = lookups.categoriesByName.get(categoryName) ?? lookups.otherCategoryId;
    const productKey = storedProductKey(item.url);
    try {
      const dealId = await createDeal(deps, {
        actor: null,
        origin: 'scraper',
        // The item's keys are claimed in the deal's own transaction: two overlapping runs can never both import it.
        beforeInsert: async (trx) => {
          const claimed = await trx
            .insertInto('scraped_items')
            .values(keys.map((item_key) => ({ source, item_key, deal_id: null, created_at: new Date().toISOString() })))
            .onConflict((oc) => oc.columns(['source', 'item_key']).doNothing())
            .executeTakeFirst();
          if (Number(claimed.numInsertedOrUpdatedRows ?? 0) < keys.length) throw new AlreadyImported();
          if (productKey !== null) {
            if (await hasRecentDealOfProduct(trx, productKey)) throw new RecentProduct();
            if (!(await claimProduct(trx, source, productKey, new Date().toISOString()))) throw new RecentProduct();
          }
        },
        afterInsert: async (trx, id) => {
          const claimed = productKey === null ? keys : [...keys, productClaim(productKey)];
          await trx.updateTable('scraped_items').set({ deal_id: id }).where('source', '=', source).where('item_key', 'in', claimed).execute();
        },
        columns: {
          title: clampWords(item.title),
          description: clampText(item.description),
          url: item.url,
          image_url: item.imageUrl,
          thumbnail_url: null,
          price_pence: item.pricePence,
          original_price_pence:
            item.originalPricePence !== null && item.pricePence !== null && item.originalPricePence > item.pricePence ? item.originalPricePence : null,
          coupon: item.coupon,
          category_id: categoryId,
          store_id: storeId,
          user_id: null,
          status: 'pending',
          source,
          expires_at: null,
          product_key: productKey,
        },
      });
      result.added++;
      result.dealIds.push(dealId);
    } catch (err) {
      if (err instanceof RecentProduct) result.duplicates++;
      else if (!(err instanceof AlreadyImported)) throw err;
      result.skipped++;
    }
  }
  return result;
}
