import { POPOVER_SIZE } from '../../../shared/domain/members/notifications';
import { useNotifications } from '../../api/members/notifications';
import { Link } from '../Link';
import { MarkAllReadButton, NotificationList } from './NotificationList';

/** The bell's panel (its own chunk, loaded when first opened): the latest ten, "Mark all as read", "See all". */
export default function NotificationPopover({ id, onClose }: { id: string; onClose: () => void }) {
  const list = useNotifications(1, false, POPOVER_SIZE);
  return (
    <div
      id={id}
      role="dialog"
      aria-label="Notifications"
      className="absolute right-0 top-full z-50 mt-2 w-[min(24rem,calc(100vw-1rem))] max-sm:-right-12 rounded-xl border border-slate-200 bg-white shadow-lg"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
        <MarkAllReadButton list={list} look="panel" />
      </div>
      <div className="max-h-[min(28rem,70vh)] overflow-y-auto p-1.5">
        <NotificationList
          list={list}
          afterOpen={onClose}
          empty={<p className="px-3 py-6 text-center text-sm text-slate-600">You have no notifications yet.</p>}
        />
      </div>
      <div className="border-t border-slate-200 p-2 text-center">
        <Link to="/notifications" onClick={onClose} className="block rounded-md px-3 py-2 text-sm font-semibold text-emerald-700 hover:bg-emerald-50">
          See all
        </Link>
      </div>
    </div>
  );
}
