import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Notification, NotificationList as List } from '../../../shared/schemas/notifications';
import { NotificationItem } from './NotificationItem';

/** A list of notifications with its loading, failed and empty states (the bell's panel and the /notifications page). */
export function NotificationList({
  list,
  empty,
  onOpen,
  className,
}: {
  list: UseQueryResult<List>;
  empty: ReactNode;
  onOpen: (n: Notification) => void;
  className?: string;
}) {
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
