import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { NotificationRow } from '../created.js';
import { preferencesOf } from '../queries.js';
import { defaultPreferences } from '../../../../shared/domain/members/notifications.js';

/**
 * The push side of the delivery seam (created.ts): in the transaction that wrote the notifications, one durable
 * delivery row per notification and device of its member, for the types the member keeps push on for. Nothing is read
 * past the devices for members without one (most). The unique (notification, device) keeps a replayed cause from
 * pushing twice; a gathered notification raised again (a newer created_at) re-arms its row, so each raise is pushed
 * once and the device's notification (same tag) is replaced. Answers how many rows are due now.
 */
export async function queuePushDeliveries(trx: Transaction<Database>, rows: NotificationRow[]): Promise<number> {
  const userIds = [...new Set(rows.map((r) => Number(r.user_id)))];
  const devices = await trx.selectFrom('push_devices').select(['id', 'user_id']).where('user_id', 'in', userIds).execute();
  if (devices.length === 0) return 0;
  const owners = [...new Set(devices.map((d) => Number(d.user_id)))];
  const prefs = await preferencesOf(trx, owners);
  const nowIso = new Date().toISOString();
  const values = rows.flatMap((n) => {
    const choice = (prefs.get(Number(n.user_id)) ?? defaultPreferences())[n.type as keyof ReturnType<typeof defaultPreferences>];
    if (!choice?.push) return [];
    return devices
      .filter((d) => Number(d.user_id) === Number(n.user_id))
      .map((d) => ({ notification_id: Number(n.id), device_id: Number(d.id), raised_at: n.created_at, next_attempt_at: nowIso, created_at: nowIso }));
  });
  if (values.length === 0) return 0;
  const written = await trx
    .insertInto('push_deliveries')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['notification_id', 'device_id'])
        .doUpdateSet((eb) => ({
          raised_at: eb.ref('excluded.raised_at'),
          attempts: 0,
          next_attempt_at: eb.ref('excluded.next_attempt_at'),
          last_error: null,
          sent_at: null,
          given_up_at: null,
        }))
        .whereRef('push_deliveries.raised_at', '<', 'excluded.raised_at'),
    )
    .returning('id')
    .execute();
  return written.length;
}
