import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletedReply } from '../../../shared/schemas/common';
import type { PushDevice, PushDeviceList, PushPublicKey } from '../../../shared/schemas/members/notifications';
import { toast } from '../../lib/toast/toast';
import { api, errorMessage } from '../client';

/** Web push on this browser and the member's devices (docs/notes/notifications.md "Push"). */

export const pushKeys = { devices: ['notifications', 'push', 'devices'] as const };

/** Which device this browser is (the id the server gave when push was turned on here). */
const THIS_DEVICE = 'quidsin.pushDevice';
export const thisDeviceId = (): number | null => {
  const v = Number(localStorage.getItem(THIS_DEVICE));
  return Number.isInteger(v) && v > 0 ? v : null;
};

/** What this browser can do: no push at all, blocked by the member, or ready to ask. */
export type PushSupport = 'unsupported' | 'denied' | 'available';
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

export const usePushDevices = () => useQuery({ queryKey: pushKeys.devices, queryFn: () => api.get<PushDeviceList>('/notifications/push/devices') });

/** The site's service worker: the one registered after load, or registered now (the dev server, or a first visit). */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js', { updateViaCache: 'none' });
  return navigator.serviceWorker.ready;
}

class PushRefused extends Error {}

/**
 * "Turn on notifications on this device": asks the browser's permission, subscribes with the site's VAPID key and
 * hands the subscription to the server (the same browser again updates its device rather than adding one).
 */
async function turnOn(): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused(permission === 'denied' ? 'denied' : 'dismissed');
  const [{ publicKey }, registration] = await Promise.all([api.get<PushPublicKey>('/notifications/push/public-key'), serviceWorker()]);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the site's keys changed) cannot be used: start again.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && base64url(key) !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const device = await api.post<PushDevice>('/notifications/push/devices', subscription.toJSON());
  localStorage.setItem(THIS_DEVICE, String(device.id));
  return device;
}

function base64url(buffer: ArrayBuffer): string {
  let s = '';
  for (const b of new Uint8Array(buffer)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function useTurnOnPush() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: turnOn,
    onSuccess: () => {
      toast.success('Notifications are on for this device');
      return qc.invalidateQueries({ queryKey: pushKeys.devices });
    },
    onError: (err) => {
      if (err instanceof PushRefused) {
        if (err.message === 'dismissed') toast.error('Notifications were not allowed: try again and choose Allow');
        return;
      }
      toast.error(errorMessage(err, 'Could not turn on notifications on this device'));
    },
  });
}

/** Removes a device; removing this browser also ends its subscription, so it stops receiving at once. */
export function useRemovePushDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const done = await api.delete<DeletedReply>(`/notifications/push/devices/${id}`);
      if (id === thisDeviceId()) {
        localStorage.removeItem(THIS_DEVICE);
        const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration('/') : undefined;
        await (await registration?.pushManager.getSubscription())?.unsubscribe().catch(() => false);
      }
      return done;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: pushKeys.devices }),
    onError: (err) => toast.error(errorMessage(err, 'Could not remove that device')),
  });
}
