import { type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import type { AffiliateConfig } from '../../../shared/domain/shops/affiliate.js';
import {
  type AdminVoucherQuery,
  VOUCHER_MESSAGES,
  type Voucher,
  type VoucherListQuery,
  type VoucherPage,
  type VoucherShop,
} from '../../../shared/schemas/catalog/vouchers.js';
import { notFound } from '../../http/errors.js';
import type { Db } from '../../db/connection.js';
import type { Database, UserRow } from '../../db/schema.js';
import { assertMaySee } from './policy.js';
import { presentVoucher, type VoucherWithRefs } from './presenter.js';

/** Far future: a voucher without an expiry never lapses (the same convention as deals). */
const NEVER = '9999-12-31T23:59:59.999Z';

type Eb = ExpressionBuilder<Database & { v: Database['vouchers'] }, 'v'>;

/** Live: approved and not past its expiry. With `includeExpired`, expired ones (by status or date) too. */
const visible = (nowIso: string, includeExpired: boolean) => (eb: Eb) =>
  includeExpired
    ? eb('v.status', 'in', ['active', 'expired'])
    : eb.and([eb('v.status', '=', 'active'), sql<SqlBool>`COALESCE(v.expires_at, ${NEVER}) > ${nowIso}`]);

function withRefs(db: Db) {
  return db.kysely
    .selectFrom('vouchers as v')
    .innerJoin('stores as s', 's.id', 'v.store_id')
    .leftJoin('users as u', 'u.id', 'v.user_id')
    .selectAll('v')
    .select(['s.name as store_name', 's.url as store_url', 'u.username as poster_username']);
}

/** The caller's answers among these vouchers (true worked, false didn't). */
async function answersOf(db: Db, userId: number | null, ids: number[]): Promise<Map<number, boolean>> {
  if (userId === null || ids.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('voucher_answers')
    .select(['voucher_id', 'worked'])
    .where('user_id', '=', userId)
    .where('voucher_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.voucher_id), Number(r.worked) === 1]));
}

async function present(db: Db, rows: VoucherWithRefs[], viewerId: number | null, affiliate: AffiliateConfig, now: number): Promise<Voucher[]> {
  const answers = await answersOf(
    db,
    viewerId,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => presentVoucher(r, affiliate, { now, myAnswer: answers.get(Number(r.id)) ?? null }));
}

const page = (vouchers: Voucher[], total: number, q: { page: number; pageSize: number }): VoucherPage => ({
  vouchers,
  totalCount: total,
  page: q.page,
  pageSize: q.pageSize,
  totalPages: Math.ceil(total / q.pageSize),
});

/**
 * A shop's vouchers (GET /stores/{id}/vouchers): live ones (expired too when asked, after the live), those marked
 * 'May not work' after the rest, then by success rate (a voucher nobody answered yet ranks as 50%), then newest.
 */
export async function storeVouchers(db: Db, storeId: number, q: VoucherListQuery, viewerId: number | null, affiliate: AffiliateConfig): Promise<VoucherPage> {
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const store = await db.kysely.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst();
  if (!store) throw notFound(VOUCHER_MESSAGES.storeNotFound);
  const base = db.kysely.selectFrom('vouchers as v').where('v.store_id', '=', storeId).where(visible(nowIso, q.includeExpired));
  const [rows, total] = await Promise.all([
    withRefs(db)
      .where('v.store_id', '=', storeId)
      .where(visible(nowIso, q.includeExpired))
      .orderBy(sql`CASE WHEN v.status = 'active' AND COALESCE(v.expires_at, ${NEVER}) > ${nowIso} THEN 0 ELSE 1 END`)
      .orderBy('v.may_not_work', 'asc')
      .orderBy(sql`COALESCE(v.success_rate, 0.5)`, 'desc')
      .orderBy('v.published_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return page(await present(db, rows, viewerId, affiliate, now), Number(total.n), q);
}

/** The newest live codes (GET /vouchers), one ordered index range. */
export async function newestVouchers(db: Db, q: VoucherListQuery, viewerId: number | null, affiliate: AffiliateConfig): Promise<VoucherPage> {
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const [rows, total] = await Promise.all([
    withRefs(db)
      .where(visible(nowIso, q.includeExpired))
      .orderBy('v.published_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    db.kysely
      .selectFrom('vouchers as v')
      .where(visible(nowIso, q.includeExpired))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return page(await present(db, rows, viewerId, affiliate, now), Number(total.n), q);
}

/** The shops with the most working codes (live and not 'May not work'), at most `limit`. */
export async function topVoucherShops(db: Db, limit = 12): Promise<VoucherShop[]> {
  const nowIso = new Date().toISOString();
  const rows = await db.kysely
    .selectFrom('vouchers as v')
    .innerJoin('stores as s', 's.id', 'v.store_id')
    .where(visible(nowIso, false))
    .groupBy(['s.id', 's.name', 's.logo_url'])
    .select([
      's.id',
      's.name',
      's.logo_url',
      sql<number>`SUM(CASE WHEN v.may_not_work = 0 THEN 1 ELSE 0 END)`.as('working'),
      (eb) => eb.fn.countAll<number>().as('live'),
    ])
    .orderBy('working', 'desc')
    .orderBy('live', 'desc')
    .orderBy('s.name')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ storeId: Number(r.id), storeName: r.name, logoUrl: r.logo_url, workingCodes: Number(r.working), liveCodes: Number(r.live) }));
}

/** One voucher: a public one for anyone, a pending, rejected or deleted one for its poster and the team (else 404). */
export async function voucherDetail(db: Db, id: number, viewer: UserRow | null, affiliate: AffiliateConfig): Promise<Voucher> {
  const row = await withRefs(db).where('v.id', '=', id).executeTakeFirst();
  assertMaySee(viewer, row);
  const [voucher] = await present(db, [row], viewer?.id ?? null, affiliate, Date.now());
  return voucher;
}

export async function voucherRow(db: Db | { kysely: Db['kysely'] }, id: number) {
  return db.kysely.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The back office's list (GET /admin/vouchers): pending ones oldest first (the queue), reported ones (open reports)
 * most reported first, active ones newest first, or all newest first; each with its open report count.
 */
export async function adminVouchers(db: Db, q: AdminVoucherQuery, affiliate: AffiliateConfig): Promise<VoucherPage> {
  const now = Date.now();
  const openReports = db.kysely
    .selectFrom('voucher_reports')
    .select(['voucher_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('resolved_at', 'is', null)
    .groupBy('voucher_id')
    .as('r');
  let list = withRefs(db).leftJoin(openReports, 'r.voucher_id', 'v.id').select(sql<number>`COALESCE(r.n, 0)`.as('open_reports'));
  let count = db.kysely.selectFrom('vouchers as v').leftJoin(openReports, 'r.voucher_id', 'v.id');
  if (q.status === 'pending') {
    list = list.where('v.status', '=', 'pending').orderBy('v.created_at', 'asc').orderBy('v.id', 'asc');
    count = count.where('v.status', '=', 'pending');
  } else if (q.status === 'reported') {
    list = list.where('r.n', '>', 0).orderBy('r.n', 'desc').orderBy('v.id', 'desc');
    count = count.where('r.n', '>', 0);
  } else if (q.status === 'active') {
    list = list.where('v.status', '=', 'active').orderBy('v.published_at', 'desc').orderBy('v.id', 'desc');
    count = count.where('v.status', '=', 'active');
  } else {
    list = list.orderBy('v.created_at', 'desc').orderBy('v.id', 'desc');
  }
  const [rows, total] = await Promise.all([
    list
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const vouchers = rows.map((r) => presentVoucher(r, affiliate, { now, openReports: Number(r.open_reports) }));
  return page(vouchers, Number(total.n), q);
}

/** Pending vouchers: the back office's sidebar badge beside the deals'. */
export async function pendingVoucherCount(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('vouchers')
    .where('status', '=', 'pending')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The sitemap's voucher pages: /vouchers (lastmod: the newest live code) and each shop page with live codes (lastmod:
 * its newest), read from the (status, published_at, id) range of live vouchers.
 */
export async function voucherSitemapPages(db: Db): Promise<{ newest: string | null; stores: Array<{ storeId: number; lastmod: string | null }> }> {
  const nowIso = new Date().toISOString();
  const rows = await db.kysely
    .selectFrom('vouchers as v')
    .select(['v.store_id', (eb) => eb.fn.max('v.published_at').as('lastmod')])
    .where(visible(nowIso, false))
    .groupBy('v.store_id')
    .orderBy('v.store_id')
    .execute();
  const stores = rows.map((r) => ({ storeId: Number(r.store_id), lastmod: (r.lastmod as string | null) ?? null }));
  const newest = stores.reduce<string | null>((a, s) => (s.lastmod && (!a || s.lastmod > a) ? s.lastmod : a), null);
  return { newest, stores };
}

/** Live vouchers whose title, code or shop starts with the typed words (search suggestions), working ones first. */
export async function suggestVouchers(
  db: Db,
  text: string,
  limit: number,
): Promise<Array<{ id: number; title: string; code: string | null; storeId: number; storeName: string }>> {
  const q = text.trim().toLowerCase();
  if (q.length < 2) return [];
  const nowIso = new Date().toISOString();
  const like = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.kysely
    .selectFrom('vouchers as v')
    .innerJoin('stores as s', 's.id', 'v.store_id')
    .select(['v.id', 'v.title', 'v.code', 'v.store_id', 's.name as store_name'])
    .where(visible(nowIso, false))
    .where((eb) =>
      eb.or([
        sql<SqlBool>`lower(s.name) LIKE ${like} ESCAPE '\\'`,
        sql<SqlBool>`lower(v.title) LIKE ${like} ESCAPE '\\'`,
        sql<SqlBool>`lower(v.title) LIKE ${`% ${like}`} ESCAPE '\\'`,
        eb('v.code_key', '=', q.toUpperCase()),
      ]),
    )
    .orderBy('v.may_not_work', 'asc')
    .orderBy(sql`COALESCE(v.success_rate, 0.5)`, 'desc')
    .orderBy('v.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), title: r.title, code: r.code, storeId: Number(r.store_id), storeName: r.store_name }));
}
