import { type Transaction, sql } from 'kysely';
import { isOwner, isStaff } from '../../../shared/domain/access/roles.js';
import { voucherCodeKey, voucherStanding } from '../../../shared/domain/shops/vouchers.js';
import { VOUCHER_MESSAGES, type VoucherCreateInput, type VoucherReportInput } from '../../../shared/schemas/catalog/vouchers.js';
import type { Db } from '../../db/connection.js';
import type { Database, UserRow, VoucherRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { assertMayAnswer, assertMayReport, assertMaySee, mayDelete, postsLive } from './policy.js';
import { assertTeamPower } from '../../plugins/auth.js';
import { voucherRow } from './queries.js';

type Tx = Transaction<Database>;
const NEVER = '9999-12-31T23:59:59.999Z';

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message)) || (err as { code?: string })?.code === '23505';

/** A live voucher of the shop with the same code (trimmed, any case), other than `exceptId`. */
async function liveDuplicate(trx: Tx | Db['kysely'], storeId: number, codeKey: string | null, nowIso: string, exceptId?: number): Promise<number | null> {
  if (codeKey === null) return null;
  let q = trx
    .selectFrom('vouchers')
    .select('id')
    .where('store_id', '=', storeId)
    .where('code_key', '=', codeKey)
    .where('status', '=', 'active')
    .where(sql<boolean>`COALESCE(expires_at, ${NEVER}) > ${nowIso}`);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  const row = await q.executeTakeFirst();
  return row ? Number(row.id) : null;
}

const duplicateError = (existingVoucherId: number) => new HttpError(409, VOUCHER_MESSAGES.duplicate, { field: 'code', data: { existingVoucherId } });

/**
 * POST /vouchers: a member's voucher waits for the team (pending); the team's is live at once. The same code for the
 * same shop, live, is a 409 naming the existing voucher (also when approving: another may have gone live meanwhile).
 */
export async function createVoucher(db: Db, user: UserRow, input: VoucherCreateInput): Promise<number> {
  if (input.exclusive && !isStaff(user)) throw forbidden(VOUCHER_MESSAGES.exclusive);
  if (input.exclusive) assertTeamPower(user);
  const now = new Date();
  const nowIso = now.toISOString();
  if (input.expiresAt && Date.parse(input.expiresAt) <= now.getTime()) throw badRequest(VOUCHER_MESSAGES.expiresPast, 'expiresAt');
  const codeKey = voucherCodeKey(input.code);
  const live = postsLive(user);
  return db.kysely.transaction().execute(async (trx) => {
    const store = await trx.selectFrom('stores').select('id').where('id', '=', input.storeId).executeTakeFirst();
    if (!store) throw notFound(VOUCHER_MESSAGES.storeNotFound);
    const existing = await liveDuplicate(trx, input.storeId, codeKey, nowIso);
    if (existing !== null) throw duplicateError(existing);
    const row = await trx
      .insertInto('vouchers')
      .values({
        store_id: input.storeId,
        user_id: user.id,
        code: input.code ?? null,
        code_key: codeKey,
        title: input.title,
        conditions: input.conditions ?? null,
        expires_at: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
        exclusive: input.exclusive ? 1 : 0,
        status: live ? 'active' : 'pending',
        created_at: nowIso,
        updated_at: nowIso,
        published_at: live ? nowIso : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/**
 * Recomputes a voucher's standing from its answers (shared/domain/shops/vouchers.ts voucherStanding) and stores it on the
 * row, in the caller's transaction. Answers older than the window do not move the rate, so only the newest "Worked
 * for me" is read beyond it.
 */
export async function refreshStanding(trx: Tx | Db['kysely'], voucherId: number, now = Date.now()): Promise<void> {
  const since = new Date(now - 30 * 86_400_000).toISOString();
  const [answers, lastWorked] = await Promise.all([
    trx.selectFrom('voucher_answers').select(['worked', 'updated_at']).where('voucher_id', '=', voucherId).where('updated_at', '>', since).execute(),
    trx
      .selectFrom('voucher_answers')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .where('voucher_id', '=', voucherId)
      .where('worked', '=', 1)
      .executeTakeFirst(),
  ]);
  const standing = voucherStanding(
    answers.map((a) => ({ worked: Number(a.worked) === 1, at: a.updated_at })),
    now,
  );
  await trx
    .updateTable('vouchers')
    .set({
      success_rate: standing.successRate,
      answer_count: standing.answerCount,
      last_worked_at: (lastWorked?.at as string | null | undefined) ?? null,
      may_not_work: standing.mayNotWork ? 1 : 0,
    })
    .where('id', '=', voucherId)
    .execute();
}

/** POST /vouchers/{id}/answer: one answer per member per voucher, changed in place; never on one's own. Answers the poster's id. */
export async function answerVoucher(db: Db, user: UserRow, voucherId: number, worked: boolean): Promise<number | null> {
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const voucher = await voucherRow({ kysely: trx }, voucherId);
    assertMaySee(user, voucher);
    assertMayAnswer(user, voucher, now);
    await trx
      .insertInto('voucher_answers')
      .values({ voucher_id: voucherId, user_id: user.id, worked: worked ? 1 : 0, created_at: nowIso, updated_at: nowIso })
      .onConflict((oc) => oc.columns(['voucher_id', 'user_id']).doUpdateSet({ worked: worked ? 1 : 0, updated_at: nowIso }))
      .execute();
    await refreshStanding(trx, voucherId, now);
    return voucher.user_id === null ? null : Number(voucher.user_id);
  });
}

/** POST /vouchers/{id}/copy: one more copy, counted on the row (no cookie, no address, nothing about who). */
export async function countCopy(db: Db, voucherId: number): Promise<number> {
  const nowIso = new Date().toISOString();
  const row = await db.kysely
    .updateTable('vouchers')
    .set((eb) => ({ copy_count: eb('copy_count', '+', 1) }))
    .where('id', '=', voucherId)
    .where('status', '=', 'active')
    .where(sql<boolean>`COALESCE(expires_at, ${NEVER}) > ${nowIso}`)
    .returning('copy_count')
    .executeTakeFirst();
  if (!row) throw notFound(VOUCHER_MESSAGES.notFound);
  return Number(row.copy_count);
}

/** Distinct members whose open "expired" reports expire a live voucher at once. */
export const REPORTS_TO_EXPIRE_VOUCHER = 3;

/**
 * POST /vouchers/{id}/reports: expired, not-working or spam, once while open (as deals' reports, docs/notes/trust.md).
 * REPORTS_TO_EXPIRE_VOUCHER open "expired" reports from distinct members expire the voucher.
 */
export async function reportVoucher(db: Db, user: UserRow, voucherId: number, input: VoucherReportInput): Promise<{ id: number; voucherExpired: boolean }> {
  const nowIso = new Date().toISOString();
  return db.kysely
    .transaction()
    .execute(async (trx) => {
      const voucher = await voucherRow({ kysely: trx }, voucherId);
      assertMaySee(user, voucher);
      assertMayReport(user, voucher);
      const open = await trx
        .selectFrom('voucher_reports')
        .select('id')
        .where('voucher_id', '=', voucherId)
        .where('user_id', '=', user.id)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      if (open) throw conflict(VOUCHER_MESSAGES.alreadyReported);
      const row = await trx
        .insertInto('voucher_reports')
        .values({ voucher_id: voucherId, user_id: user.id, reason: input.reason, created_at: nowIso, resolved_at: null, resolved_by: null, resolution: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      let voucherExpired = false;
      if (input.reason === 'expired') {
        const n = await trx
          .selectFrom('voucher_reports')
          .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
          .where('voucher_id', '=', voucherId)
          .where('resolved_at', 'is', null)
          .where('reason', '=', 'expired')
          .executeTakeFirstOrThrow();
        if (Number(n.n) >= REPORTS_TO_EXPIRE_VOUCHER) {
          await setStatus(trx, voucherId, 'expired', nowIso);
          await closeReports(trx, voucherId, 'expire', null, nowIso, ['expired']);
          voucherExpired = true;
        }
      }
      return { id: Number(row.id), voucherExpired };
    })
    .catch((err) => {
      if (!(err instanceof HttpError) && isUniqueViolation(err)) throw conflict(VOUCHER_MESSAGES.alreadyReported);
      throw err;
    });
}

async function setStatus(trx: Tx, id: number, status: string, nowIso: string, publish = false): Promise<void> {
  await trx
    .updateTable('vouchers')
    .set({ status, updated_at: nowIso, ...(publish ? { published_at: nowIso } : {}) })
    .where('id', '=', id)
    .execute();
}

async function closeReports(trx: Tx, voucherId: number, resolution: string, actorId: number | null, nowIso: string, reasons?: string[]): Promise<number> {
  let q = trx
    .updateTable('voucher_reports')
    .set({ resolved_at: nowIso, resolved_by: actorId, resolution })
    .where('voucher_id', '=', voucherId)
    .where('resolved_at', 'is', null);
  if (reasons) q = q.where('reason', 'in', reasons);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** POST /admin/vouchers/{id}/approve | reject: a pending voucher goes live (unless its code went live meanwhile: 409) or is rejected. */
export async function decideVoucher(db: Db, voucherId: number, decision: 'approve' | 'reject'): Promise<VoucherRow> {
  const nowIso = new Date().toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const voucher = await voucherRow({ kysely: trx }, voucherId);
    if (!voucher) throw notFound(VOUCHER_MESSAGES.notFound);
    if (voucher.status !== 'pending') throw conflict(VOUCHER_MESSAGES.notPending);
    if (decision === 'approve') {
      const existing = await liveDuplicate(trx, Number(voucher.store_id), voucher.code_key, nowIso, voucherId);
      if (existing !== null) throw duplicateError(existing);
      await setStatus(trx, voucherId, 'active', nowIso, true);
    } else {
      await setStatus(trx, voucherId, 'rejected', nowIso);
    }
    return { ...voucher, status: decision === 'approve' ? 'active' : 'rejected' };
  });
}

/**
 * POST /admin/vouchers/{id}/reports/resolve (the team): closes the voucher's open reports with the action and carries
 * it out: dismiss keeps the voucher, expire marks it expired, delete removes it from view (status deleted).
 */
export async function resolveVoucherReports(
  db: Db,
  actor: UserRow,
  voucherId: number,
  action: 'dismiss' | 'expire' | 'delete',
): Promise<{ id: number; resolvedReports: number; status: string }> {
  const nowIso = new Date().toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const voucher = await voucherRow({ kysely: trx }, voucherId);
    if (!voucher) throw notFound(VOUCHER_MESSAGES.notFound);
    const resolved = await closeReports(trx, voucherId, action, actor.id, nowIso);
    if (resolved === 0) throw conflict(VOUCHER_MESSAGES.noOpenReports);
    let status = voucher.status;
    if (action === 'expire' && status === 'active') status = 'expired';
    if (action === 'delete') status = 'deleted';
    if (status !== voucher.status) await setStatus(trx, voucherId, status, nowIso);
    return { id: voucherId, resolvedReports: resolved, status };
  });
}

/** DELETE /vouchers/{id}: the poster or the team; the row goes with its answers and reports. */
export async function deleteVoucher(db: Db, user: UserRow, voucherId: number): Promise<number | null> {
  return db.kysely.transaction().execute(async (trx) => {
    const voucher = await voucherRow({ kysely: trx }, voucherId);
    assertMaySee(user, voucher);
    if (!mayDelete(user, voucher)) throw forbidden('You can only delete your own vouchers');
    if (!isOwner(user, voucher.user_id)) assertTeamPower(user);
    await trx.deleteFrom('vouchers').where('id', '=', voucherId).execute();
    return voucher.user_id === null ? null : Number(voucher.user_id);
  });
}

/** The hourly job: answers age, so every voucher answered in the last 31 days gets its standing recomputed. Answers how many. */
export async function refreshAgeingStandings(db: Db, now = Date.now()): Promise<number> {
  const since = new Date(now - 31 * 86_400_000).toISOString();
  const ids = await db.kysely.selectFrom('voucher_answers').select('voucher_id').distinct().where('updated_at', '>', since).execute();
  // Vouchers whose last answers left the window drop to "no answers" too.
  const stale = await db.kysely.selectFrom('vouchers').select('id').where('answer_count', '>', 0).execute();
  const all = new Set([...ids.map((r) => Number(r.voucher_id)), ...stale.map((r) => Number(r.id))]);
  for (const id of all) await refreshStanding(db.kysely, id, now);
  return all.size;
}
