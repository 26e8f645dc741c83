import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SecurityEventKind } from '../../../../shared/domain/members/account-security.js';
import type { Database } from '../../../db/schema.js';
import { readPage } from '../../../db/reads/paging.js';
import { requestInfo } from '../request-info.js';

/**
 * Records one event of a member's security activity list: its kind, the time, the browser and the coarse IP hint of
 * `request` (never a password, a code or the address). Pass the transaction of the change when there is one, so the
 * event and the change commit together.
 */
export async function recordSecurityEvent(
  db: Kysely<Database>,
  event: { userId: number; kind: SecurityEventKind; request: Pick<FastifyRequest, 'headers' | 'ip'> },
): Promise<void> {
  const info = requestInfo(event.request);
  await db
    .insertInto('security_events')
    .values({ user_id: event.userId, kind: event.kind, browser: info.browser, ip_hint: info.ipHint, created_at: new Date().toISOString() })
    .execute();
}

/** A member's activity, newest first (security_events_user_idx; plans.test.ts). */
export const securityEventsQuery = (db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('security_events')
    .where('user_id', '=', userId)
    .select(['id', 'kind', 'browser', 'ip_hint', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');

/** One page of it, with the counts. */
export function securityEventsPage(db: Kysely<Database>, userId: number, page: number, size: number) {
  return readPage(securityEventsQuery(db, userId), db.selectFrom('security_events').where('user_id', '=', userId), page, size);
}
