import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Notification, NotificationList as List } from '../../../shared/schemas/members/notifications';
import { useMarkAllRead, useMarkRead } from '../../api/members/notifications';
import { NotificationItem } from './NotificationItem';

/**
 * A list of notifications with its loading, failed and empty states (the bell's panel and the /notifications page).
 * Opening an unread one marks it read; `afterOpen` runs after (the panel closes).
 */
export function NotificationList({
  list,
  empty,
  afterOpen,
  className,
}: {
  list: UseQueryResult<List>;
  empty: ReactNode;
  afterOpen?: () => void;
  className?: string;
}) {
  const markRead = useMarkRead();
  const onOpen = (n: Notification) => {
    if (!n.read) markRead.mutate([n.id]);
    afterOpen?.();
  };
  if (list.isPending)
    return (
      <p className="px-3 py-6 text-center text-sm text-slate-600" role="status">
        Loading notifications
      </p>
    );
  if (list.isError)
    return (
      <p className="px-3 py-6 text-center text-sm text-red-700" role="alert">
        Could not load your notifications
      </p>
    );
  if (list.data.notifications.length === 0) return <>{empty}</>;
  return (
    <ul className={className}>
      {list.data.notifications.map((n) => (
        <li key={n.id}>
          <NotificationItem n={n} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

const MARK_ALL_LOOKS = {
  panel:
    'rounded px-2 py-1 text-xs font-semibold text-emerald-700 hover:bg-emerald-50 disabled:text-slate-400 disabled:hover:bg-transparent focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500',
  page: 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50',
};

/** "Mark all as read" (the bell's panel or the page's look), disabled while nothing is unread or while it runs. */
export function MarkAllReadButton({ list, look }: { list: UseQueryResult<List>; look: keyof typeof MARK_ALL_LOOKS }) {
  const markAll = useMarkAllRead();
  return (
    <button type="button" onClick={() => markAll.mutate()} disabled={markAll.isPending || (list.data?.unreadCount ?? 0) === 0} className={MARK_ALL_LOOKS[look]}>
      Mark all as read
    </button>
  );
}
