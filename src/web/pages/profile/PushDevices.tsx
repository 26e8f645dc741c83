import { useState } from 'react';
import { pushSupport, thisDeviceId, usePushDevices, useRemovePushDevice, useTurnOnPush } from '../../api/members/push';
import { formatShortDate } from '../../lib/dates/dates';

/**
 * Push on the member's devices (docs/notes/notifications.md "Push"): turning it on for this browser, the devices it is
 * on with Remove, and a plain word when this browser cannot (no push support) or may not (blocked) receive them.
 */
export function PushDevices() {
  const devices = usePushDevices();
  const turnOn = useTurnOnPush();
  const remove = useRemovePushDevice();
  // Read again after each attempt: the member may have just blocked notifications in the browser's prompt.
  const [support, setSupport] = useState(pushSupport);
  const mine = thisDeviceId();
  const list = devices.data?.devices ?? [];
  const onHere = mine !== null && list.some((d) => d.id === mine) && support === 'available';

  return (
    <section aria-labelledby="push-heading" className="mt-8 border-t border-slate-100 pt-6">
      <h3 id="push-heading" className="text-base font-semibold text-slate-900">
        Notifications on your devices
      </h3>
      <p className="mt-1 text-sm text-slate-600">Get replies, mentions and price drops on this phone or computer, even when QuidsIn is closed.</p>
      <div className="mt-4" aria-live="polite">
        {support === 'unsupported' ? (
          <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
            This browser cannot receive push notifications. On an iPhone or iPad, add QuidsIn to your Home Screen first (Share, then Add to Home Screen) and
            open it from there.
          </p>
        ) : support === 'denied' ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            Notifications are blocked for QuidsIn in this browser. Allow them in the browser's site settings, then come back here.
          </p>
        ) : onHere ? (
          <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">Notifications are on for this device.</p>
        ) : (
          <button
            type="button"
            disabled={turnOn.isPending}
            onClick={() => turnOn.mutate(undefined, { onSettled: () => setSupport(pushSupport()) })}
            className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-60"
          >
            {turnOn.isPending ? 'Turning on...' : 'Turn on notifications on this device'}
          </button>
        )}
      </div>
      {devices.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          Could not load your devices
        </p>
      ) : list.length > 0 ? (
        <ul aria-label="Devices with notifications on" className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">
                  {d.name}
                  {d.id === mine && <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">This device</span>}
                </p>
                <p className="text-xs text-slate-600">
                  Added {formatShortDate(new Date(d.createdAt))} ·{' '}
                  {d.lastUsedAt ? `last notified ${formatShortDate(new Date(d.lastUsedAt))}` : 'not notified yet'}
                </p>
              </div>
              <button
                type="button"
                aria-label={`Remove ${d.name}${d.id === mine ? ' (this device)' : ''}`}
                disabled={remove.isPending && remove.variables === d.id}
                onClick={() => remove.mutate(d.id)}
                className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-60"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
