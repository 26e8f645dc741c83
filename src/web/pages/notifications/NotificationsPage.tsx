import { BellOff } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useNotifications } from '../../api/members/notifications';
import { usePageTitle } from '../../app/usePageTitle';
import { IconCircle } from '../../components/icons/IconCircle';
import { Link } from '../../components/Link';
import { Pagination } from '../../components/menus/Pagination';
import { MarkAllReadButton, NotificationList } from '../../components/notifications/NotificationList';

const PAGE_SIZE = 20;

/** /notifications: every notification, All or Unread, paged (the URL holds both), each linking to what it is about. */
export default function NotificationsPage() {
  usePageTitle('Notifications');
  const [params] = useSearchParams();
  const unread = params.get('filter') === 'unread';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useNotifications(page, unread, PAGE_SIZE);
  const href = (p: number, onlyUnread = unread) =>
    `/notifications?${new URLSearchParams({ ...(onlyUnread ? { filter: 'unread' } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${active ? 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200' : 'text-slate-600 hover:bg-slate-100'}`;

  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
        <MarkAllReadButton list={list} look="page" />
      </div>
      <nav aria-label="Show" className="mt-4 flex gap-2">
        <Link to={href(1, false)} aria-current={unread ? undefined : 'page'} className={tab(!unread)}>
          All
        </Link>
        <Link to={href(1, true)} aria-current={unread ? 'page' : undefined} className={tab(unread)}>
          Unread{list.data && list.data.unreadCount > 0 ? ` (${list.data.unreadCount})` : ''}
        </Link>
      </nav>
      <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-2 shadow-sm">
        <NotificationList
          list={list}
          className="divide-y divide-slate-100"
          empty={
            <div className="flex flex-col items-center py-10 text-center">
              <IconCircle icon={BellOff} className="h-14 w-14 bg-slate-100" iconClassName="h-7 w-7 text-slate-400" />
              <p className="mt-4 text-sm text-slate-600">{unread ? 'You are all caught up.' : 'You have no notifications yet.'}</p>
            </div>
          }
        />
      </div>
      <div className="mt-6 flex justify-center">
        <Pagination page={page} totalPages={list.data?.totalPages ?? 0} hrefFor={(p) => href(p)} label="Notification pages" />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        Choose what reaches you in your{' '}
        <Link to="/user/profile#notifications" className="font-semibold text-emerald-700 hover:underline">
          notification settings
        </Link>
        .
      </p>
    </section>
  );
}
