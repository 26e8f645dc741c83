/** Helpers of the alerts tests: alerts through the API, deals activated through the admin API. */
import { expect } from 'vitest';
import type { Harness } from '../../test/harness.js';
import { insertDeal } from '../../test/data/insert-deal.js';

export type Member = Awaited<ReturnType<Harness['createUser']>>;

/** POST /api/alerts as `member`; fails the test unless it is created. */
export async function addAlert(h: Harness, member: Member, body: Record<string, unknown>): Promise<{ id: number; feedUrl: string }> {
  const res = await h.request({ method: 'POST', url: '/api/alerts', token: member.token, payload: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.alert;
}

/** A pending deal (no image needed), ready for an admin to activate. */
export const pendingDeal = (h: Harness, values: Parameters<typeof insertDeal>[1] = {}) => insertDeal(h, { status: 'pending', ...values });

export async function activate(h: Harness, dealId: number): Promise<void> {
  const res = await h.request({ method: 'POST', url: `/api/admin/deals/${dealId}/activate`, token: await h.adminToken(), payload: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * PUT /api/admin/deals/{id} as the back office's edit form sends it: the deal's fields as stored, the new `status`,
 * and `changes`; fails the test unless it is saved.
 */
export async function adminEdit(h: Harness, dealId: number, status: string, changes: Record<string, unknown> = {}): Promise<void> {
  const d = await h.db.kysely.selectFrom('deals').selectAll().where('id', '=', dealId).executeTakeFirstOrThrow();
  const pounds = (pence: number | null) => (pence === null ? null : pence / 100);
  const form = {
    title: d.title,
    description: d.description,
    price: pounds(d.price_pence),
    originalPrice: pounds(d.original_price_pence),
    url: d.url,
    imageUrl: d.image_url,
    storeId: d.store_id,
    categoryId: d.category_id,
  };
  const res = await h.request({ method: 'PUT', url: `/api/admin/deals/${dealId}`, token: await h.adminToken(), payload: { ...form, status, ...changes } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The alert ids a deal has matched, sorted. */
export async function matchedAlerts(h: Harness, dealId: number): Promise<number[]> {
  const rows = await h.db.kysely.selectFrom('alert_matches').select('alert_id').where('deal_id', '=', dealId).orderBy('alert_id').execute();
  return rows.map((r) => Number(r.alert_id));
}

/** The outbox rows of alert mails, oldest first. */
export const outboxRows = (h: Harness) => h.db.kysely.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
