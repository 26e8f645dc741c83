import { authorName } from '../../../../shared/domain/members/deleted-member.js';
import { type DataExport, EXPORT_EXPIRED, EXPORT_NOT_FOUND, EXPORT_NOT_READY } from '../../../../shared/schemas/members/account.js';
import type { AppDeps } from '../../../deps.js';
import type { UserRow } from '../../../db/schema.js';
import { HttpError, conflict, notFound } from '../../../http/errors.js';
import { type StoredObject, uploadStorage } from '../../../infra/storage.js';
import { nowIso } from '../../users/index.js';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** GET /account/exports: the exports the caller asked for (their own, and an administrator's of members), newest first. */
export async function listExports(deps: Deps, user: UserRow): Promise<DataExport[]> {
  const rows = await deps.db.kysely
    .selectFrom('data_exports as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.status', 'e.user_id', 'u.username', 'e.created_at', 'e.finished_at', 'e.expires_at', 'e.size_bytes'])
    .where('e.requested_by', '=', user.id)
    .orderBy('e.id', 'desc')
    .limit(20)
    .execute();
  const now = nowIso();
  return rows.map((r) => ({
    id: Number(r.id),
    // A file past its time is gone for the member even before the sweep removes it.
    status: r.status === 'ready' && r.expires_at && r.expires_at <= now ? 'expired' : r.status,
    member: { id: Number(r.user_id), username: authorName(r.username) },
    requestedAt: r.created_at,
    finishedAt: r.finished_at,
    expiresAt: r.expires_at,
    sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
  }));
}

/**
 * GET /account/exports/{id}/download: only whoever asked for it; anyone else's id is 404, as one that does not exist.
 * 410 once expired, 409 while it is being made.
 */
export async function openExport(deps: Deps, user: UserRow, id: number): Promise<{ object: StoredObject; filename: string }> {
  const row = await deps.db.kysely
    .selectFrom('data_exports as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.status', 'e.storage_key', 'e.expires_at', 'e.created_at', 'u.id as user_id'])
    .where('e.id', '=', id)
    .where('e.requested_by', '=', user.id)
    .executeTakeFirst();
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  if (row.status === 'expired' || (row.status === 'ready' && (!row.expires_at || row.expires_at <= nowIso()))) throw new HttpError(410, EXPORT_EXPIRED);
  if (row.status !== 'ready' || !row.storage_key) throw conflict(EXPORT_NOT_READY);
  const object = await uploadStorage(deps.config.uploadsDir).get(row.storage_key);
  if (!object) throw new HttpError(410, EXPORT_EXPIRED);
  return { object, filename: `quidsin-data-${row.user_id}-${row.created_at.slice(0, 10)}.zip` };
}
