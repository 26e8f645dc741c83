import { hostCandidates, isPlausibleShopHost, shopHost, shopNameKey } from '../../../shared/domain/shops/shop-domain.js';
import type { ShopMatch } from '../../../shared/schemas/catalog/stores.js';
import type { Db } from '../../db/connection.js';
import { invalidateDealCounts } from '../../db/reads/count-cache.js';
import { isUniqueViolation } from '../../db/unique.js';
import { badRequest, notFound } from '../../http/errors.js';
import { editDeal, type LifecycleDeps } from '../deals/index.js';
import { logModeration } from '../moderation/index.js';
import { STORE_NOT_FOUND } from './queries.js';

/**
 * Any shop (docs/notes/posting.md): a link picks the shop stored under its host (subdomains, `www.` and `m.` aside); a
 * shop a member names for a site no shop has is created unconfirmed, and the team confirms, renames or merges it.
 */

const present = (r: { id: number; name: string; confirmed: number; domain: string | null }): ShopMatch => ({
  id: Number(r.id),
  name: r.name,
  confirmed: Number(r.confirmed) === 1,
  domain: r.domain,
});

/** The shop of a link: the one stored under the most specific host the link sits under (confirmed before not). */
export async function shopForUrl(db: Db, url: string): Promise<ShopMatch | null> {
  const host = shopHost(url);
  if (!host) return null;
  const candidates = hostCandidates(host).filter(isPlausibleShopHost);
  if (candidates.length === 0) return null;
  const rows = await db.kysely.selectFrom('stores').select(['id', 'name', 'confirmed', 'domain']).where('domain', 'in', candidates).execute();
  rows.sort((a, b) => (b.domain?.length ?? 0) - (a.domain?.length ?? 0) || Number(b.confirmed) - Number(a.confirmed) || Number(a.id) - Number(b.id));
  return rows[0] ? present(rows[0]) : null;
}

export const SHOP_NAME_REQUIRED = 'Please name the shop';

/**
 * The shop a member names for their deal's link: the shop already under the link's host, else a shop of that name
 * (case and spacing aside), else a new unconfirmed shop remembering the link's host.
 */
export async function findOrProposeShop(db: Db, input: { name: string; url: string }, actorId: number): Promise<ShopMatch> {
  const byHost = await shopForUrl(db, input.url);
  if (byHost) return byHost;
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name) throw badRequest(SHOP_NAME_REQUIRED, 'name');
  const key = shopNameKey(name);
  const byName = async () => db.kysely.selectFrom('stores').select(['id', 'name', 'confirmed', 'domain']).where('name_key', '=', key).executeTakeFirst();
  const existing = await byName();
  if (existing) return present(existing);
  const host = shopHost(input.url);
  const nowIso = new Date().toISOString();
  try {
    const row = await db.kysely.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('stores')
        .values({
          name,
          name_key: key,
          url: null,
          logo_url: null,
          domain: host && isPlausibleShopHost(host) ? host : null,
          confirmed: 0,
          created_at: nowIso,
          updated_at: nowIso,
        })
        .returning(['id', 'name', 'confirmed', 'domain'])
        .executeTakeFirstOrThrow();
      await logModeration(trx, {
        actorId,
        action: 'create',
        entityType: 'store',
        entityId: Number(created.id),
        entityTitle: name,
        after: { name, domain: created.domain, confirmed: false },
      });
      return created;
    });
    invalidateDealCounts(db);
    return present(row);
  } catch (err) {
    // Two members naming the same new shop at once: the unique name decides, both get the one row.
    if (!isUniqueViolation(err)) throw err;
    const raced = await byName();
    if (!raced) throw err;
    return present(raced);
  }
}

/** The team confirms a shop as it is. */
export async function confirmStore(db: Db, id: number, actorId: number): Promise<void> {
  const before = await db.kysely.selectFrom('stores').select(['id', 'name', 'confirmed']).where('id', '=', id).executeTakeFirst();
  if (!before) throw notFound(STORE_NOT_FOUND);
  if (Number(before.confirmed) === 1) return;
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('stores').set({ confirmed: 1, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
    await logModeration(trx, { actorId, action: 'store-confirm', entityType: 'store', entityId: id, entityTitle: before.name });
  });
  invalidateDealCounts(db);
}

export const MERGE_INTO_ITSELF = 'A shop cannot be merged into itself';

/**
 * Merges shop `id` into shop `intoId`: every deal of the first moves to the second (each through the deal lifecycle,
 * so caches, backups and search follow), the second learns the first's host when it has none, and the first goes.
 */
export async function mergeStore(deps: LifecycleDeps, id: number, intoId: number, actorId: number): Promise<{ moved: number }> {
  const { db } = deps;
  if (id === intoId) throw badRequest(MERGE_INTO_ITSELF, 'intoId');
  const [from, into] = await Promise.all([
    db.kysely.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst(),
    db.kysely.selectFrom('stores').selectAll().where('id', '=', intoId).executeTakeFirst(),
  ]);
  if (!from) throw notFound(STORE_NOT_FOUND);
  if (!into) throw notFound('The shop to merge into was not found');
  const deals = await db.kysely.selectFrom('deals').select('id').where('store_id', '=', id).execute();
  for (const d of deals) {
    await editDeal(deps, {
      id: Number(d.id),
      actor: { id: actorId, role: 'admin' },
      origin: 'admin',
      columns: () => ({ store_id: intoId }),
      backup: 'admin-edit',
    });
  }
  await db.kysely.transaction().execute(async (trx) => {
    if (!into.domain && from.domain)
      await trx.updateTable('stores').set({ domain: from.domain, updated_at: new Date().toISOString() }).where('id', '=', intoId).execute();
    await trx.deleteFrom('stores').where('id', '=', id).execute();
    await logModeration(trx, {
      actorId,
      action: 'store-merge',
      entityType: 'store',
      entityId: intoId,
      entityTitle: into.name,
      before: { id: from.id, name: from.name, domain: from.domain },
      after: { id: into.id, name: into.name, movedDeals: deals.length },
    });
  });
  invalidateDealCounts(db);
  return { moved: deals.length };
}
