import { authorName } from '../../../shared/domain/members/deleted-member.js';
import { isNotificationType } from '../../../shared/domain/members/notifications.js';
import type { Notification } from '../../../shared/schemas/members/notifications.js';
import type { NotificationListRow } from './queries.js';

/** A row as the API and the stream send it. */
export function presentNotification(r: NotificationListRow): Notification {
  if (!isNotificationType(r.type)) throw new Error(`unknown notification type ${r.type}`);
  return {
    id: Number(r.id),
    type: r.type,
    text: r.text,
    url: r.url,
    actor: r.actor_username ? { username: authorName(r.actor_username), avatarUrl: r.actor_avatar ?? null } : null,
    dealId: r.deal_id === null ? null : Number(r.deal_id),
    commentId: r.comment_id === null ? null : Number(r.comment_id),
    count: Number(r.count),
    createdAt: r.created_at,
    read: r.read_at !== null,
  };
}
