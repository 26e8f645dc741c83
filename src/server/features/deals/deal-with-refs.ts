import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The base select every deal list and detail uses: the deal with its category, store and poster in one query
 * (joins, never a query per row). Callers add where/order/limit.
 */
export function selectDealsWithRefs(db: Kysely<Database>) {
  return (
    db
      .selectFrom('deals as d')
      .innerJoin('categories as c', 'c.id', 'd.category_id')
      .innerJoin('stores as s', 's.id', 'd.store_id')
      .leftJoin('users as u', 'u.id', 'd.user_id')
      // The poster's stored badges (reputation feature): shown beside their name on cards.
      .leftJoin('member_reputation as r', 'r.user_id', 'd.user_id')
      .select([
        'd.id',
        'd.title',
        'd.description',
        'd.url',
        'd.image_url',
        'd.thumbnail_url',
        'd.price_pence',
        'd.original_price_pence',
        'd.coupon',
        'd.category_id',
        'd.store_id',
        'd.user_id',
        'd.status',
        'd.source',
        'd.created_at',
        'd.updated_at',
        'd.published_at',
        'd.expires_at',
        'd.upvotes',
        'd.downvotes',
        'd.temperature',
        'd.comment_count',
        'c.name as category_name',
        'c.slug as category_slug',
        's.name as store_name',
        's.logo_url as store_logo_url',
        's.url as store_url',
        'u.username as user_username',
        'r.badges as user_badges',
      ])
  );
}
