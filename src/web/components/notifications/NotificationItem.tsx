import { Bell } from 'lucide-react';
import type { Notification } from '../../../shared/schemas/members/notifications';
import { Avatar } from '../Avatar';
import { TimeAgo } from '../deal/TimeAgo';
import { Link } from '../Link';

/** One notification: who (or a bell), the sentence as the server wrote it, when, unread marked; the whole row links to its target. */
export function NotificationItem({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  return (
    <Link
      to={n.url}
      onClick={() => onOpen(n)}
      data-testid="notification"
      data-unread={n.read ? undefined : 'true'}
      className={`flex items-start gap-3 rounded-lg px-3 py-2.5 text-sm hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 ${
        n.read ? 'text-slate-600' : 'bg-emerald-50/60 text-slate-900'
      }`}
    >
      {n.actor ? (
        <Avatar user={n.actor} size={32} />
      ) : (
        <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-orange-100 text-orange-700" aria-hidden="true">
          <Bell className="h-4 w-4" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className={`block break-words ${n.read ? '' : 'font-medium'}`}>{n.text}</span>
        <TimeAgo iso={n.createdAt} className="text-xs text-slate-500" />
      </span>
      {!n.read && (
        <span className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-emerald-600">
          <span className="sr-only">Unread</span>
        </span>
      )}
    </Link>
  );
}
