import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../../shared/domain/members/notifications';
import type { MarkedRead, NotificationList, PreferencesReply, PreferencesUpdate, UnreadCount } from '../../../shared/schemas/members/notifications';
import { toast } from '../../lib/toast/toast';
import { api, errorMessage } from '../client';

/** A member's notifications (docs/notes/notifications.md): the bell's count, the inbox, marking read, preferences. */

export const notificationKeys = {
  all: ['notifications'] as const,
  count: ['notifications', 'count'] as const,
  list: (page: number, unread: boolean, pageSize: number) => ['notifications', 'list', page, unread, pageSize] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** GET /notifications/unread-count; the live stream keeps it current (useNotificationStream). */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.count,
    queryFn: () => api.get<UnreadCount>('/notifications/unread-count').then((d) => d.count),
    enabled,
    staleTime: 60_000,
  });

export const useNotifications = (page: number, unread: boolean, pageSize: number) =>
  useQuery({
    queryKey: notificationKeys.list(page, unread, pageSize),
    queryFn: () => api.get<NotificationList>('/notifications', { page, pageSize, ...(unread ? { unread: 1 } : {}) }),
    placeholderData: (previous) => previous,
  });

/** After marking: the count from the answer, the lists fetched again. */
function useMarking<V>(call: (v: V) => Promise<MarkedRead>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (d) => {
      qc.setQueryData(notificationKeys.count, d.unreadCount);
      return qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
    },
    onError: (err) => toast.error(errorMessage(err, 'Could not mark your notifications read')),
  });
}

export const useMarkRead = () => useMarking((ids: number[]) => api.post<MarkedRead>('/notifications/read', { ids }));
export const useMarkAllRead = () => useMarking(() => api.post<MarkedRead>('/notifications/read-all'));

export const usePreferences = () =>
  useQuery({ queryKey: notificationKeys.preferences, queryFn: () => api.get<PreferencesReply>('/notifications/preferences').then((d) => d.preferences) });

export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PreferencesUpdate['preferences']) =>
      api.put<PreferencesReply>('/notifications/preferences', { preferences }).then((d) => d.preferences),
    onSuccess: (prefs: NotificationPreferences) => {
      qc.setQueryData(notificationKeys.preferences, prefs);
      toast.success('Notification settings saved');
    },
    onError: (err) => toast.error(errorMessage(err, 'Could not save your notification settings')),
  });
}
