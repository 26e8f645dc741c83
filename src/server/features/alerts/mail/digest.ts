import type { Db } from '../../../db/connection.js';
import { enqueueMail } from '../../../services/outbox/index.js';
import { ALERT_DIGEST_KIND, type DigestPayload, digestDedupeKey } from './kinds.js';
import { DIGEST_DEALS } from './templates.js';
import { londonClock } from '../../../../shared/domain/london-clock.js';

/** How often the digest job looks at the London clock (jobs.ts). */
export const DIGEST_EVERY_MS = 15 * 60_000;

export interface DigestRun {
  day: string;
  /** Digests put in the outbox by this run. */
  digests: number;
}

/** Alerts worked per query: the run goes on until none is left. */
const BATCH = 200;

/**
 * The daily digest (called every 15 minutes by jobs.ts; tests call it with their own `now`). From ALERT_DIGEST_HOUR
 * (London time) on, once per London day: every alert with matches not mailed yet gets one digest of its newest
 * DIGEST_DEALS deals and the count of the rest, and those matches are marked as mailed, in one transaction per alert.
 * No matches, no mail. A paused alert's waiting matches are dropped without a mail. The day is recorded once every
 * alert is done, so a run cut short by a restart carries on at the next tick (no alert gets two digests a day: each
 * alert notes its digest day, and the outbox key is per alert and day), and a server that was down at the digest hour
 * sends that day's digests when it is back, later that day. Matches that come after the day's run wait for tomorrow's.
 */
export async function sendDailyDigests(deps: { db: Db; config: { alertDigestHour: number } }, opts: { now?: Date } = {}): Promise<DigestRun | null> {
  const { db, config } = deps;
  const now = opts.now ?? new Date();
  const nowIso = now.toISOString();
  const { day, hour } = londonClock(now);
  if (hour < config.alertDigestHour) return null;
  const done = await db.kysely.selectFrom('alert_digest_runs').select('day').where('day', '=', day).executeTakeFirst();
  if (done) return null;

  let digests = 0;
  for (;;) {
    const batch = await db.kysely
      .selectFrom('alert_matches as m')
      .innerJoin('alerts as a', 'a.id', 'm.alert_id')
      .select('m.alert_id')
      .distinct()
      .where('m.notified_at', 'is', null)
      .where((eb) => eb.or([eb('a.last_digest_on', 'is', null), eb('a.last_digest_on', '<', day)]))
      .limit(BATCH)
      .execute();
    if (batch.length === 0) break;
    for (const { alert_id } of batch) digests += await digestOne(db, Number(alert_id), day, nowIso);
  }
  await db.kysely
    .insertInto('alert_digest_runs')
    .values({ day, finished_at: nowIso })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  return { day, digests };
}

/** One alert's digest: its waiting matches marked as mailed, the alert's digest day noted, the mail queued. */
async function digestOne(db: Db, alertId: number, day: string, nowIso: string): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const alert = await trx
      .selectFrom('alerts')
      .select(['id', 'paused', 'last_digest_on'])
      .where('id', '=', alertId)
      .$if(db.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
    // Another process got here first, or the alert was deleted meanwhile.
    if (!alert || (alert.last_digest_on !== null && alert.last_digest_on >= day)) return 0;
    const pending = await trx
      .selectFrom('alert_matches')
      .select('deal_id')
      .where('alert_id', '=', alertId)
      .where('notified_at', 'is', null)
      .orderBy('deal_id', 'desc')
      .execute();
    await trx.updateTable('alert_matches').set({ notified_at: nowIso }).where('alert_id', '=', alertId).where('notified_at', 'is', null).execute();
    await trx.updateTable('alerts').set({ last_digest_on: day }).where('id', '=', alertId).execute();
    if (alert.paused === 1 || pending.length === 0) return 0;
    const payload: DigestPayload = {
      alertId,
      day,
      dealIds: pending.slice(0, DIGEST_DEALS).map((p) => Number(p.deal_id)),
      more: Math.max(0, pending.length - DIGEST_DEALS),
    };
    return (await enqueueMail(trx, { kind: ALERT_DIGEST_KIND, dedupeKey: digestDedupeKey(alertId, day), payload }, nowIso)) ? 1 : 0;
  });
}
