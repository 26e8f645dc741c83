import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { clampText } from '../../services/ai/page-info.js';
import { clampWords } from '../../services/ai/title-rules.js';
import { bestCategory, OTHER_CATEGORY } from '../../services/scraper/category-match.js';
import { merchantKey, storeNameFor, storeNameKey } from '../../services/scraper/merchant.js';
import { normaliseUrl } from '../../services/scraper/normalise-url.js';
import type { ScrapedItem } from '../../services/scraper/pepper-rss.js';

export interface ImportResult {
  added: number;
  skipped: number;
  dealIds: number[];
}

/** Rolls an item's transaction back when another run (or an earlier item) already holds one of its keys. */
class AlreadyImported extends Error {}

const KEY_MAX = 500;
/** A key that fits the column: long ones are replaced by their hash (still unique per URL or id). */
const fit = (key: string) => (key.length <= KEY_MAX ? key : `${key.slice(0, 3)}sha256:${crypto.createHash('sha256').update(key).digest('hex')}`);

/** The de-duplication keys of an item: the source's item id and the normalised URL. */
export function itemKeys(item: ScrapedItem): string[] {
  return [fit(`id:${item.itemId}`), fit(`url:${normaliseUrl(item.url)}`)];
}

interface Lookups {
  storesByKey: Map<string, number>;
  categoriesByName: Map<string, number>;
  otherCategoryId: number;
}

async function loadLookups(db: Kysely<Database>): Promise<Lookups> {
  const stores = await db.selectFrom('stores').select(['id', 'name']).execute();
  const storesByKey = new Map<string, number>();
  for (const s of stores) if (!storesByKey.has(merchantKey(s.name))) storesByKey.set(merchantKey(s.name), s.id);
  let categories = await db.selectFrom('categories').select(['id', 'name', 'slug']).execute();
  if (!categories.some((c) => c.slug === 'other')) {
    const now = new Date().toISOString();
    await db.insertInto('categories').values({ name: OTHER_CATEGORY, slug: 'other', created_at: now, updated_at: now }).onConflict((oc) => oc.column('slug').doNothing()).execute();
    categories = await db.selectFrom('categories').select(['id', 'name', 'slug']).execute();
  }
  const categoriesByName = new Map(categories.map((c) => [c.name, c.id]));
  return { storesByKey, categoriesByName, otherCategoryId: categories.find((c) => c.slug === 'other')!.id };
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
 */
export async function importItems(db: Kysely<Database>, source: string, items: ScrapedItem[]): Promise<ImportResult> {
  const lookups = await loadLookups(db);
  const available = new Set(lookups.categoriesByName.keys());
  const result: ImportResult = { added: 0, skipped: 0, dealIds: [] };

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
    try {
      const dealId = await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const claimed = await trx
          .insertInto('scraped_items')
          .values(keys.map((item_key) => ({ source, item_key, deal_id: null, created_at: now })))
          .onConflict((oc) => oc.columns(['source', 'item_key']).doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) < keys.length) throw new AlreadyImported();
        const deal = await trx
          .insertInto('deals')
          .values({
            title: clampWords(item.title),
            description: clampText(item.description),
            url: item.url,
            image_url: item.imageUrl,
            thumbnail_url: null,
            price_pence: item.pricePence,
            original_price_pence: item.originalPricePence !== null && item.pricePence !== null && item.originalPricePence > item.pricePence ? item.originalPricePence : null,
            coupon: item.coupon,
            category_id: categoryId,
            store_id: storeId,
            user_id: null,
            status: 'pending',
            source,
            created_at: now,
            updated_at: now,
            published_at: now,
            expires_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.updateTable('scraped_items').set({ deal_id: deal.id }).where('source', '=', source).where('item_key', 'in', keys).execute();
        return deal.id;
      });
      result.added++;
      result.dealIds.push(dealId);
    } catch (err) {
      if (!(err instanceof AlreadyImported)) throw err;
      result.skipped++;
    }
  }
  return result;
}
