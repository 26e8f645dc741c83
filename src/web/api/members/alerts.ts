import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertCreate, AlertList, AlertReply, AlertUnsubscribe, AlertUpdate } from '../../../shared/schemas/members/alerts';
import type { DeletedReply } from '../../../shared/schemas/common';
import { toast } from '../../lib/toast/toast';
import { api, errorMessage } from '../client';

/** Keyword alerts (docs/notes/alerts.md): the member's alerts and the mails' unsubscribe link. */

export const alertKeys = {
  all: ['alerts'] as const,
  list: ['alerts', 'list'] as const,
  unsubscribe: (token: string) => ['alerts', 'unsubscribe', token] as const,
};

/** GET /alerts: the signed-in member's alerts, newest first. */
export const useAlerts = (enabled = true) =>
  useQuery({ queryKey: alertKeys.list, queryFn: () => api.get<AlertList>('/alerts').then((d) => d.alerts), enabled, staleTime: 0 });

const failed = (fallback: string) => (err: unknown) => toast.error(errorMessage(err, fallback));

export function useCreateAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: AlertCreate) => api.post<AlertReply>('/alerts', values).then((d) => d.alert),
    onSuccess: (alert) => {
      qc.setQueryData<Alert[]>(alertKeys.list, (old) => (old ? [alert, ...old.filter((a) => a.id !== alert.id)] : old));
      toast.success(`Alert created: we'll tell you about new deals for "${alert.query}"`);
      return qc.invalidateQueries({ queryKey: alertKeys.list });
    },
    // The 25-alert limit and the twin check are the server's (409): its own words.
    onError: failed('Failed to create the alert'),
  });
}

/** PUT /alerts/{id} with any subset of the fields (pause/resume sends `{ paused }` alone). */
export function useUpdateAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: AlertUpdate }) => api.put<AlertReply>(`/alerts/${id}`, changes).then((d) => d.alert),
    onSuccess: (alert, { changes }) => {
      qc.setQueryData<Alert[]>(alertKeys.list, (old) => old?.map((a) => (a.id === alert.id ? alert : a)));
      const keys = Object.keys(changes);
      if (keys.length === 1 && keys[0] === 'paused') toast.success(alert.paused ? `Alert "${alert.query}" paused` : `Alert "${alert.query}" resumed`);
      else toast.success('Alert updated');
      return qc.invalidateQueries({ queryKey: alertKeys.list });
    },
    onError: failed('Failed to update the alert'),
  });
}

export function useDeleteAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeletedReply>(`/alerts/${id}`),
    onSuccess: (_data, id) => {
      qc.setQueryData<Alert[]>(alertKeys.list, (old) => old?.filter((a) => a.id !== id));
      toast.success('Alert deleted');
      return qc.invalidateQueries({ queryKey: alertKeys.list });
    },
    onError: failed('Failed to delete the alert'),
  });
}

/** GET /alerts/unsubscribe?token=: which alert the mail's link would stop; changes nothing; no sign-in. */
export const useUnsubscribeTarget = (token: string) =>
  useQuery({
    queryKey: alertKeys.unsubscribe(token),
    queryFn: () => api.get<AlertUnsubscribe>('/alerts/unsubscribe', { token }).then((d) => d.alert),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

/** POST /alerts/unsubscribe?token=: pauses the alert (the same call a mail client's one-click makes). */
export function useUnsubscribe(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AlertUnsubscribe>(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`).then((d) => d.alert),
    onSuccess: (alert) => {
      qc.setQueryData(alertKeys.unsubscribe(token), alert);
      return qc.invalidateQueries({ queryKey: alertKeys.list });
    },
  });
}
