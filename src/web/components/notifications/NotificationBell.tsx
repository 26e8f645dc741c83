import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { badgeText, titleWithUnread } from '../../../shared/domain/members/notifications';
import { useUnreadCount } from '../../api/members/notifications';
import { usePopup } from '../../lib/usePopup';
import { useNotificationStream } from './useNotificationStream';

const NotificationPopover = lazy(() => import('./NotificationPopover'));

/** Keeps "(3) " in front of whatever title the page sets, while there are unread notifications. */
function useTitleCount(count: number) {
  useEffect(() => {
    const apply = () => {
      const next = titleWithUnread(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const title = document.querySelector('title');
    if (!title) return;
    const observer = new MutationObserver(apply);
    observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => {
      observer.disconnect();
      document.title = titleWithUnread(document.title, 0);
    };
  }, [count]);
}

/**
 * The header's bell for members (a chunk of its own, loaded after the first render): the unread count as a badge
 * ("9+" past 9), kept live by the stream, and the latest ten in a panel loaded when first opened.
 */
export default function NotificationBell() {
  const count = useUnreadCount(true).data ?? 0;
  useNotificationStream(true);
  useTitleCount(count);
  const { open, setOpen, rootRef, buttonRef, id: panelId, close, closeToButton } = usePopup();
  // Escape closes the panel and gives focus back to the bell.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeToButton();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, closeToButton]);
  const badge = badgeText(count);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        data-testid="notification-bell"
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {badge && (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white"
          >
            {badge}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPopover id={panelId} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
