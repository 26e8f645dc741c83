import { affiliateUrl, type AffiliateConfig } from '../../../shared/domain/shops/affiliate.js';
import type { Voucher } from '../../../shared/schemas/catalog/vouchers.js';
import type { VoucherRow } from '../../db/schema.js';

/** A voucher row with what the list joins to it. */
export interface VoucherWithRefs extends VoucherRow {
  store_name: string;
  store_url: string | null;
  poster_username: string | null;
}

/** A voucher as the API shows it; `shopUrl` is the shop's affiliate-tagged link "Copy code" opens. */
export function presentVoucher(
  row: VoucherWithRefs,
  affiliate: AffiliateConfig,
  opts: { now: number; myAnswer?: boolean | null; openReports?: number },
): Voucher {
  const expiresAt = row.expires_at;
  const voucher: Voucher = {
    id: Number(row.id),
    storeId: Number(row.store_id),
    storeName: row.store_name,
    code: row.code,
    title: row.title,
    conditions: row.conditions,
    expiresAt,
    isExpired: row.status === 'expired' || (expiresAt !== null && Date.parse(expiresAt) <= opts.now),
    exclusive: Number(row.exclusive) === 1,
    status: row.status,
    createdAt: row.created_at,
    publishedAt: row.published_at,
    successRate: row.success_rate === null ? null : Math.round(Number(row.success_rate) * 1000) / 1000,
    answerCount: Number(row.answer_count),
    lastWorkedAt: row.last_worked_at,
    mayNotWork: Number(row.may_not_work) === 1,
    copyCount: Number(row.copy_count),
    shopUrl: row.store_url ? affiliateUrl(row.store_url, Number(row.store_id), affiliate) : null,
    postedBy: row.user_id === null || row.poster_username === null ? null : { id: Number(row.user_id), username: row.poster_username },
    myAnswer: opts.myAnswer ?? null,
  };
  if (opts.openReports !== undefined) voucher.openReports = opts.openReports;
  return voucher;
}
