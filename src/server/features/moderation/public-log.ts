import { sql } from 'kysely';
import { PUBLIC_LOG_ACTIONS, type PublicLogEntry, type PublicLogPage } from '../../../shared/schemas/admin/moderation-log.js';
import type { Db } from '../../db/connection.js';
import { publicActor } from './policy.js';
import { isPublicStatus } from '../../../shared/domain/deals/deal-visibility.js';

const ACTIONS = Object.keys(PUBLIC_LOG_ACTIONS) as Array<keyof typeof PUBLIC_LOG_ACTIONS>;
/** Catalogue housekeeping (stores, categories) and AI/image tasks stay in the team's own log. */
const ENTITIES = ['deal', 'comment', 'user'];
interface LogRow {
  id: number;
  action: string;
  entity_type: string;
  entity_id: number | null;
  actor_role: string | null;
  origin: string | null;
  reason: string | null;
  created_at: string;
  before_json: string | null;
  username: string | null;
}

export const dealLink = (id: number) => `/dealDetail/${id}`;

/** The deal a comment removal was about, from the entry's own record; the comment's text never leaves this function. */
function commentDealId(beforeJson: string | null): number | null {
  if (!beforeJson) return null;
  try {
    const id = (JSON.parse(beforeJson) as { dealId?: unknown }).dealId;
    return typeof id === 'number' && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * GET /moderation-log: what the team did to deals, comments and roles, newest first, 30 a page. Each entry
 * says what happened, to which deal while that deal is public (active or expired; otherwise "a deal"), who acted (the
 * staff member's role and name, "community" for expiries decided by member reports, "system" for jobs) and the reason
 * given. Never an email, a network hash, a member's report note or the before/after data of the change.
 */
export async function publicModerationLog(db: Db, page: number, pageSize: number): Promise<PublicLogPage> {
  const k = db.kysely;
  // The page is a walk down the created_at index stopped after it (nearly every entry is a public one); SQLite is
  // pinned to that index, as it would otherwise read every public entry through the action index and sort them.
  const hint = db.dialect === 'sqlite' ? sql.raw(' INDEXED BY moderation_log_created_idx') : sql``;
  const [{ rows }, total] = await Promise.all([
    sql<LogRow>`SELECT m.id, m.action, m.entity_type, m.entity_id, m.actor_role, m.origin, m.reason, m.created_at, m.before_json, u.username
      FROM moderation_log AS m${hint} LEFT JOIN users AS u ON u.id = m.actor_id
      WHERE m.action IN (${sql.join(ACTIONS)}) AND m.entity_type IN (${sql.join(ENTITIES)})
      ORDER BY m.created_at DESC, m.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(k),
    k
      .selectFrom('moderation_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', 'in', ACTIONS)
      .where('entity_type', 'in', ENTITIES)
      .executeTakeFirstOrThrow(),
  ]);

  const dealIdOf = (r: LogRow) => (r.entity_type === 'deal' ? r.entity_id : r.action === 'comment-remove' ? commentDealId(r.before_json) : null);
  const dealIds = [...new Set(rows.map(dealIdOf).filter((id): id is number => id !== null))];
  const deals = dealIds.length ? await k.selectFrom('deals').select(['id', 'title', 'status']).where('id', 'in', dealIds).execute() : [];
  const publicDeals = new Map(deals.filter((d) => isPublicStatus(d.status)).map((d) => [d.id, d]));

  const entries: PublicLogEntry[] = rows.map((r) => {
    const dealId = dealIdOf(r);
    const d = dealId === null ? undefined : publicDeals.get(dealId);
    const deal = d ? { id: d.id, title: d.title, link: dealLink(d.id) } : null;
    let subject: string;
    if (r.entity_type === 'user') subject = 'a member';
    else if (r.entity_type === 'comment') subject = deal ? `a comment on ${deal.title}` : 'a comment on a deal';
    else subject = deal ? deal.title : 'a deal';
    return {
      id: r.id,
      at: r.created_at,
      action: PUBLIC_LOG_ACTIONS[r.action as keyof typeof PUBLIC_LOG_ACTIONS],
      deal,
      subject,
      actor: publicActor(r.actor_role, r.username, r.origin),
      reason: r.reason,
    };
  });
  const totalCount = Number(total.n);
  return { entries, totalCount, page, pageSize, totalPages: Math.ceil(totalCount / pageSize) };
}
