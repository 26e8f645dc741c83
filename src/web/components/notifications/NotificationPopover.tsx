import { POPOVER_SIZE } from '../../../shared/domain/notifications';
import type { Notification } from '../../../shared/schemas/notifications';
import { useMarkAllRead, useMarkRead, useNotifications } from '../../api/notifications';
import { Link } from '../Link';
import { NotificationList } from './NotificationList';

/** The bell's panel (its own chunk, loaded when first opened): the latest ten, "Mark all as read", "See all". */
export default function NotificationPopover({ id, onClose }: { id: string; onClose: () => void }) {
  const list = useNotifications(1, false, POPOVER_SIZE);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const open = (n: Notification) => {
    if (!n.read) markRead.mutate([n.id]);
    onClose();
  };
  return (
    <div
      id={id}
      role="dialog"
      aria-label="Notifications"
      className="absolute right-0 top-full z-50 mt-2 w-[min(24rem,calc(100vw-1rem))] max-sm:-right-12 rounded-xl border border-slate-200 bg-white shadow-lg"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
        <button
          type="button"
          onClick={() => markAll.mutate()}
          disabled={markAll.isPending || (list.data?.unreadCount ?? 0) === 0}
          className="rounded px-2 py-1 text-xs font-semibold text-emerald-700 hover:bg-emerald-50 disabled:text-slate-400 disabled:hover:bg-transparent focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
        >
          Mark all as read
        </button>
      </div>
      <div className="max-h-[min(28rem,70vh)] overflow-y-auto p-1.5">
        <NotificationList list={list} onOpen={open} empty={<p className="px-3 py-6 text-center text-sm text-slate-600">You have no notifications yet.</p>} />
      </div>
      <div className="border-t border-slate-200 p-2 text-center">
        <Link to="/notifications" onClick={onClose} className="block rounded-md px-3 py-2 text-sm font-semibold text-emerald-700 hover:bg-emerald-50">
          See all
        </Link>
      </div>
    </div>
  );
}
