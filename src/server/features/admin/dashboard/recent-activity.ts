import type { Kysely } from 'kysely';
import type { RecentActivityItem } from '../../../../shared/schemas/admin/admin-dashboard.js';
import type { Database } from '../../../db/schema.js';

export const RECENT_ACTIVITY_LIMIT = 10;

/** A Recent Activity row plus a key unique across the three sources (ids alone repeat: user 5, deal 5, log 5). */
export type ActivityItem = RecentActivityItem & { key: string };

/** How each moderation action reads in Recent Activity ("{user} {action} {title}"). */
const ACTION_TEXT: Record<string, string> = {
  activate: 'activated',
  edit: 'edited',
  delete: 'deleted',
  create: 'created',
  'role-change': 'changed the role of',
  'comment-remove': 'removed a comment on',
  'localize-image': 'localized the image of',
  'ai-title': 'improved the title of',
  'ai-description': 'generated the description of',
};
const ENTITY_TYPES = new Set<RecentActivityItem['type']>(['user', 'deal', 'category', 'store', 'comment']);

/**
 * The last events across members joining, deals posted and the moderation log, newest first. Each source is one
 * bounded query on its created_at index (LIMIT n), then the three short lists are merged: no scan of any table.
 */
export async function recentActivity(db: Kysely<Database>, limit = RECENT_ACTIVITY_LIMIT): Promise<ActivityItem[]> {
  const [users, deals, log] = await Promise.all([
    db.selectFrom('users').select(['id', 'username', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    db
      .selectFrom('deals as d')
      .leftJoin('users as u', 'u.id', 'd.user_id')
      .select(['d.id', 'd.title', 'd.source', 'd.user_id', 'd.created_at', 'u.username'])
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('moderation_log as m')
      .leftJoin('users as u', 'u.id', 'm.actor_id')
      .select(['m.id', 'm.action', 'm.entity_type', 'm.entity_id', 'm.entity_title', 'm.actor_id', 'm.after_json', 'm.created_at', 'u.username'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute(),
  ]);

  // Each source's rows: keyed by source and row id, stamped with the row's creation time.
  const from = <R extends { id: number; created_at: string }>(source: string, rows: R[], item: (r: R) => Omit<ActivityItem, 'key' | 'timestamp'>) =>
    rows.map((r): ActivityItem => ({ key: `${source}-${r.id}`, ...item(r), timestamp: r.created_at }));
  const items = [
    ...from('log', log, (m) => ({
      id: m.entity_id ?? m.id,
      type: ENTITY_TYPES.has(m.entity_type as RecentActivityItem['type']) ? (m.entity_type as RecentActivityItem['type']) : 'deal',
      title: m.entity_title ?? `#${m.entity_id ?? m.id}`,
      action: actionText(m.action, m.after_json),
      user: { id: m.actor_id, username: m.username ?? 'System' },
    })),
    // Scraped deals have no member behind them: the source names them.
    ...from('deal', deals, (d) => ({
      id: d.id,
      type: 'deal',
      title: d.title,
      action: 'posted',
      user: { id: d.user_id, username: d.username ?? d.source ?? 'Unknown' },
    })),
    ...from('user', users, (u) => ({ id: u.id, type: 'user', title: u.username, action: 'joined', user: { id: u.id, username: u.username } })),
  ];
  // ISO-8601 UTC strings sort as time; ties keep the log (the most specific event) first.
  return items.sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0)).slice(0, limit);
}

function actionText(action: string, afterJson: string | null): string {
  if (action === 'role-change' && afterJson) {
    try {
      const role = (JSON.parse(afterJson) as { role?: string }).role;
      if (role) return `changed the role to ${role} of`;
    } catch {
      /* an unreadable entry still reads as a role change */
    }
  }
  return ACTION_TEXT[action] ?? action;
}
