import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StreamEvent, StreamTicket } from '../../../shared/schemas/members/notifications';
import { api } from '../../api/client';
import { notificationKeys } from '../../api/members/notifications';

const MAX_BACKOFF_MS = 30_000;

/**
 * The live stream (docs/notes/notifications.md "Stream"): a fresh ticket each time (the session token never goes in a
 * URL), an EventSource on /api/notifications/stream, the unread count set from each event and the lists fetched again.
 * A dropped stream is closed (its ticket is spent) and opened again with a new ticket after a growing pause; every
 * (re)connect fetches the lists again, which is the catch-up.
 */
export function useNotificationStream(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let failures = 0;

    const connect = async () => {
      if (stopped) return;
      try {
        const { ticket } = await api.post<StreamTicket>('/notifications/stream-ticket');
        if (stopped) return;
        source = new EventSource(`/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
        source.onopen = () => {
          failures = 0;
          void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
        };
        source.onmessage = (e) => {
          const event = JSON.parse(e.data) as StreamEvent;
          qc.setQueryData(notificationKeys.count, event.unreadCount);
          if (event.notification) void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
        };
        source.onerror = () => retry();
      } catch {
        retry();
      }
    };
    const retry = () => {
      source?.close();
      source = null;
      if (stopped) return;
      failures += 1;
      timer = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures, 5)));
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, qc]);
}
