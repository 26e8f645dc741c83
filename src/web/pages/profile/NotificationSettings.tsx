import { useEffect, useState } from 'react';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES, type NotificationPreferences } from '../../../shared/domain/members/notifications';
import { usePreferences, useSavePreferences } from '../../api/members/notifications';
import { usePushDevices } from '../../api/members/push';
import { PushDevices } from './PushDevices';

/** The channels members choose here; push once they have turned it on for a device. */
const IN_APP_AND_EMAIL = [
  { key: 'inApp', label: 'In the app' },
  { key: 'email', label: 'By email' },
] as const;
const WITH_PUSH = [...IN_APP_AND_EMAIL, { key: 'push', label: 'On devices' }] as const;

/** Profile settings: which notifications reach the member, in the app, by email and by push (docs/notes/notifications.md). */
export function NotificationSettings() {
  const saved = usePreferences();
  const save = useSavePreferences();
  const devices = usePushDevices();
  const CHANNELS = (devices.data?.devices.length ?? 0) > 0 ? WITH_PUSH : IN_APP_AND_EMAIL;
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);

  if (saved.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Could not load your notification settings
      </p>
    );
  if (!draft)
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading your notification settings
      </p>
    );

  const toggle = (type: (typeof NOTIFICATION_TYPES)[number], channel: 'inApp' | 'email' | 'push') =>
    setDraft({ ...draft, [type]: { ...draft[type], [channel]: !draft[type][channel] } });

  return (
    <form
      id="notifications"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft);
      }}
    >
      <h2 className="text-base font-semibold text-slate-900">Notifications</h2>
      <p className="mt-1 text-sm text-slate-600">Choose what we tell you about. Turning one off in the app turns its email and push off too.</p>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">Notification settings by type</caption>
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col" className="py-2 font-medium">
              Type
            </th>
            {CHANNELS.map((c) => (
              <th key={c.key} scope="col" className="w-24 py-2 text-center font-medium">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {NOTIFICATION_TYPES.map((type) => (
            <tr key={type}>
              <th scope="row" className="py-2.5 pr-2 text-left font-normal text-slate-800">
                {NOTIFICATION_TYPE_LABELS[type]}
              </th>
              {CHANNELS.map((c) => (
                <td key={c.key} className="text-center">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-emerald-700"
                    aria-label={`${NOTIFICATION_TYPE_LABELS[type]}: ${c.label.toLowerCase()}`}
                    checked={draft[type][c.key]}
                    disabled={c.key !== 'inApp' && !draft[type].inApp}
                    onChange={() => toggle(type, c.key)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="submit"
        disabled={save.isPending}
        className="mt-5 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
      >
        {save.isPending ? 'Saving...' : 'Save notification settings'}
      </button>
      <PushDevices />
    </form>
  );
}
