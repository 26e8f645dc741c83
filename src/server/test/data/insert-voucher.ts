/** Voucher rows written straight to the database, whatever their status: no policy, no duplicate check, no cache drop. */
import type { Insertable } from 'kysely';
import { voucherCodeKey } from '../../../shared/domain/shops/vouchers.js';
import type { VouchersTable } from '../../db/schema.js';
import type { Harness } from '../harness.js';

let n = 0;

/**
 * A live code of store 1 with no poster, a unique code and title, its key made as the app makes it, and published
 * when it is not pending; `values` replaces any column.
 */
export function voucherRow(values: Partial<Insertable<VouchersTable>> = {}): Insertable<VouchersTable> {
  n += 1;
  const now = new Date().toISOString();
  const code = values.code === undefined ? `TEST${n}` : values.code;
  const status = values.status ?? 'active';
  return {
    store_id: 1,
    user_id: null,
    code,
    code_key: voucherCodeKey(code),
    title: `Voucher ${code ?? n}`,
    conditions: null,
    expires_at: null,
    exclusive: 0,
    status,
    created_at: now,
    updated_at: now,
    published_at: status === 'pending' ? null : now,
    // The columns with defaults are written too: rows inserted together must name the same columns.
    success_rate: null,
    answer_count: 0,
    last_worked_at: null,
    may_not_work: 0,
    copy_count: 0,
    ...values,
  };
}

/** Inserts the rows (see voucherRow) in one statement; returns their ids in order. */
export async function insertVouchers(h: { db: Pick<Harness['db'], 'kysely'> }, rows: Partial<Insertable<VouchersTable>>[]): Promise<number[]> {
  const ids = await h.db.kysely.insertInto('vouchers').values(rows.map(voucherRow)).returning('id').execute();
  return ids.map((r) => Number(r.id));
}
