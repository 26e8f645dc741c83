import type { ModerationLogEntry, ModerationLogPage } from '../../../shared/schemas/admin/moderation-log.js';
import type { Db } from '../../db/connection.js';
import { readPage } from '../../db/reads/paging.js';

const parse = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
};

/** GET /admin/moderation-log: newest first on the created_at index, one page with its actor names. */
export async function listModerationLog({ kysely: db }: Db, page: number, limit: number): Promise<ModerationLogPage> {
  const { rows, totalCount, totalPages } = await readPage(
    db
      .selectFrom('moderation_log as m')
      .leftJoin('users as u', 'u.id', 'm.actor_id')
      .select([
        'm.id',
        'm.action',
        'm.entity_type',
        'm.entity_id',
        'm.entity_title',
        'm.actor_id',
        'm.before_json',
        'm.after_json',
        'm.created_at',
        'm.reason',
        'm.origin',
        'u.username',
      ])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc'),
    db.selectFrom('moderation_log'),
    page,
    limit,
  );
  const entries: ModerationLogEntry[] = rows.map((r) => ({
    id: r.id,
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    entityTitle: r.entity_title,
    actor: { id: r.actor_id, username: r.username },
    before: parse(r.before_json),
    after: parse(r.after_json),
    reason: r.reason,
    origin: r.origin,
    createdAt: r.created_at,
  }));
  return { entries, totalCount, page, limit, totalPages };
}
