import { MAX_PUSH_DEVICES } from '../../../../shared/domain/members/push.js';
import { PUSH_MESSAGES, type PushSubscriptionBody } from '../../../../shared/schemas/members/notifications.js';
import type { Db } from '../../../db/connection.js';
import type { Database, PushDevicesTable } from '../../../db/schema.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { checkUrl, type Resolver, SafeFetchError } from '../../../services/safe-fetch/safe-fetch.js';
import type { Kysely, Selectable } from 'kysely';

export type PushDeviceRow = Selectable<PushDevicesTable>;

export interface EndpointPolicy {
  /** SAFE_FETCH_ALLOW: host:port pairs let through on purpose (a test's or an operator's local push service). */
  allow: readonly string[];
  resolver?: Resolver;
}

/**
 * A push endpoint is a URL a member gave us that the server will POST to: the SSRF guard's rules apply at subscribe
 * time already (https only, no credentials, every address of its host public; SAFE_FETCH_ALLOW opens a named
 * host:port), so a bad one is a 400 now rather than a failed push later. The sender checks again on every push.
 */
export async function checkEndpoint(endpoint: string, policy: EndpointPolicy): Promise<void> {
  try {
    await checkUrl(endpoint, { allow: policy.allow, resolver: policy.resolver, httpsOnly: true });
  } catch (err) {
    if (!(err instanceof SafeFetchError)) throw err;
    const why = err.code === 'dns' ? 'its push service could not be found' : err.message;
    throw badRequest(`${PUSH_MESSAGES.endpoint} (${why})`, 'endpoint');
  }
}

/**
 * Turns push on for a browser: a new endpoint becomes a device of the member (at most MAX_PUSH_DEVICES), the same
 * endpoint again updates its keys and name (and moves to this member if another had it: the browser belongs to whoever
 * turned it on last). Answers the device.
 */
export async function saveDevice(db: Db, userId: number, sub: PushSubscriptionBody, name: string, policy: EndpointPolicy): Promise<PushDeviceRow> {
  await checkEndpoint(sub.endpoint, policy);
  const nowIso = new Date().toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('push_devices').select(['id', 'user_id']).where('endpoint', '=', sub.endpoint).executeTakeFirst();
    if (existing) {
      // Moving to another member: what waited for the old one is not this member's to receive.
      if (existing.user_id !== userId) await trx.deleteFrom('push_deliveries').where('device_id', '=', existing.id).execute();
      return trx
        .updateTable('push_devices')
        .set({ user_id: userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, name, updated_at: nowIso })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const { count } = await trx
      .selectFrom('push_devices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_PUSH_DEVICES) throw conflict(PUSH_MESSAGES.tooMany, 'endpoint');
    return trx
      .insertInto('push_devices')
      .values({ user_id: userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, name, created_at: nowIso, updated_at: nowIso })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** The member's devices, newest first: one range of (user_id, created_at, id) (plans.test.ts). */
export const devicesQuery = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('push_devices').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(MAX_PUSH_DEVICES);

export async function devicesOf(db: Db, userId: number): Promise<PushDeviceRow[]> {
  return devicesQuery(db.kysely, userId).execute();
}

/** Removes one of the member's devices (and what waited for it); another member's id is not found and nothing changes. */
export async function removeDevice(db: Db, userId: number, id: number): Promise<void> {
  const res = await db.kysely.deleteFrom('push_devices').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(PUSH_MESSAGES.notFound);
}
