import type WebPush from 'web-push';
import { type PushPayload, pushTag, pushTopic } from '../../../../shared/domain/members/push.js';
import type { Kysely } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { lazyRequire } from '../../../infra/lazy-require.js';
import { type Resolver, SafeFetchError, safeFetch } from '../../../services/safe-fetch/safe-fetch.js';

/** Loaded by the first push (infra/lazy-require.ts): most processes of a site without members' devices never need it. */
const webPush = lazyRequire<typeof WebPush>('web-push');

/**
 * The push sender (docs/notes/notifications.md "Push"): works through push_deliveries like the mail outbox works
 * through its rows. Each row is claimed with one conditional UPDATE (so two processes, or the after-commit kick and
 * the job, never send one row twice), encrypted for its device with web-push (`generateRequestDetails`: VAPID
 * signature and the aes128gcm payload) and POSTed through the SSRF guard's fetch, so the guard sees every request
 * (https only, public addresses only, no redirects, 5 s). 2xx: sent. 404/410: the subscription is gone, the device
 * is removed (its other deliveries with it). 429 (after its Retry-After), 5xx, timeouts and network failures: tried
 * again with backoff, up to MAX_PUSH_ATTEMPTS. Anything else (a 4xx the service will answer again, a refused
 * address): given up. A process that dies mid-send leaves a claim that expires; the row is then taken up again.
 */

export const MAX_PUSH_ATTEMPTS = 6;
/** How often the job looks for due and retried pushes (jobs.ts). */
export const PUSH_EVERY_MS = 5_000;
const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 30 * 60_000;
/** Longest Retry-After honoured; a service asking for more is asked again then. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;
const SEND_TIMEOUT_MS = 5_000;
/** How long the push service keeps a message for a device that is offline. */
const TTL_SECONDS = 24 * 3600;
/** Sent and given-up rows are kept this long (what was pushed, for support), then pruned. */
const KEEP_DONE_MS = 7 * 86_400_000;

/** Wait before the next attempt after `attempts` failed ones: 15 s, 30 s, 1 min, 2 min, 4 min (at most 30 min). */
export const pushBackoffMs = (attempts: number): number => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

export interface PushSenderDeps {
  db: Db;
  config: { vapid: { publicKey: string; privateKey: string; subject: string }; safeFetchAllow: readonly string[] };
  /** DNS for the guard (tests); the system's otherwise. */
  resolver?: Resolver;
  log?: { warn(obj: object, msg: string): void };
}

export interface PushDrainOptions {
  now?: () => Date;
  batchSize?: number;
  maxBatches?: number;
  /** How long a claim holds off other senders; longer than a send may take. */
  claimMs?: number;
  timeoutMs?: number;
  /** Only the rows of these notifications (the after-commit kick). */
  notificationIds?: number[];
}

export interface PushReport {
  sent: number;
  retried: number;
  removed: number;
  gaveUp: number;
}

type Outcome = keyof PushReport;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** Retry-After as seconds or an HTTP date, in ms from `now` (0 when absent or unreadable). */
export function retryAfterMs(value: string | undefined, now: number): number {
  if (!value) return 0;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : 0;
}

/** The sender's work list: rows waiting and due, nobody's (or an expired) claim, oldest due first (the partial due index). */
export function dueQuery(db: Kysely<Database>, nowIso: string, limit: number, notificationIds?: number[]) {
  let query = db
    .selectFrom('push_deliveries')
    .select('id')
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .where('next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]));
  if (notificationIds) query = query.where('notification_id', 'in', notificationIds);
  return query.orderBy('next_attempt_at').orderBy('id').limit(limit);
}

/** Sends what is due. Safe to run in several processes at once: a row is sent by whoever claims it. */
export async function drainPush(deps: PushSenderDeps, opts: PushDrainOptions = {}): Promise<PushReport> {
  const now = opts.now ?? (() => new Date());
  const batchSize = opts.batchSize ?? 50;
  const maxBatches = opts.maxBatches ?? 10;
  const report: PushReport = { sent: 0, retried: 0, removed: 0, gaveUp: 0 };
  if (opts.notificationIds?.length === 0) return report;
  for (let batch = 0; batch < maxBatches; batch++) {
    const due = await dueQuery(deps.db.kysely, now().toISOString(), batchSize, opts.notificationIds).execute();
    for (const { id } of due) {
      const outcome = await deliverOne(deps, id, now, opts);
      if (outcome) report[outcome] += 1;
    }
    if (due.length < batchSize) break;
  }
  return report;
}

/** Claim, encrypt, send, settle: one row. Null when someone else holds it (or it went with its device). */
async function deliverOne(deps: PushSenderDeps, id: number, now: () => Date, opts: PushDrainOptions): Promise<Outcome | null> {
  const db = deps.db.kysely;
  const claimedAt = now();
  const claimedIso = claimedAt.toISOString();
  const claim = await db
    .updateTable('push_deliveries')
    .set((eb) => ({ claimed_until: new Date(claimedAt.getTime() + (opts.claimMs ?? 30_000)).toISOString(), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .where('next_attempt_at', '<=', claimedIso)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', claimedIso)]))
    .returning(['id', 'attempts', 'raised_at', 'notification_id', 'device_id'])
    .executeTakeFirst();
  if (!claim) return null;
  const target = await db
    .selectFrom('push_deliveries as pd')
    .innerJoin('notifications as n', 'n.id', 'pd.notification_id')
    .innerJoin('push_devices as d', 'd.id', 'pd.device_id')
    .select(['n.id', 'n.text', 'n.url', 'd.endpoint', 'd.p256dh', 'd.auth'])
    .where('pd.id', '=', id)
    .executeTakeFirst();
  if (!target) return null;

  const payload: PushPayload = {
    title: 'QuidsIn',
    body: target.text,
    url: target.url,
    tag: pushTag(Number(target.id)),
    icon: '/icons/icon-192.png',
    notificationId: Number(target.id),
  };
  let status: number;
  let retryAfter = 0;
  try {
    const request = webPush().generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: deps.config.vapid,
        TTL: TTL_SECONDS,
        urgency: 'normal',
        topic: pushTopic(Number(target.id)),
      },
    );
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(request.headers)) if (v !== undefined && k.toLowerCase() !== 'content-length') headers[k] = String(v);
    const res = await safeFetch(target.endpoint, {
      method: 'POST',
      headers,
      body: request.body ?? undefined,
      anyStatus: true,
      httpsOnly: true,
      allow: deps.config.safeFetchAllow,
      resolver: deps.resolver,
      maxRedirects: 0,
      maxBytes: 64 * 1024,
      timeoutMs: opts.timeoutMs ?? SEND_TIMEOUT_MS,
      connectTimeoutMs: opts.timeoutMs ?? SEND_TIMEOUT_MS,
    });
    status = res.status;
    retryAfter = retryAfterMs(res.headers['retry-after'], now().getTime());
  } catch (err) {
    const transient = err instanceof SafeFetchError && (err.code === 'timeout' || err.code === 'network' || err.code === 'dns');
    // A send that timed out may have reached the service: its claim stays until it expires, so nobody sends it meanwhile.
    return settleFailure(deps, claim, now, errorText(err), transient, 0, err instanceof SafeFetchError && err.code === 'timeout');
  }

  if (status >= 200 && status < 300) {
    const sentIso = now().toISOString();
    const done = await db
      .updateTable('push_deliveries')
      .set({ sent_at: sentIso, claimed_until: null, last_error: null })
      .where('id', '=', id)
      .where('raised_at', '=', claim.raised_at)
      .executeTakeFirst();
    // Raised again while this push was on its way: the row stays armed for the newer raise.
    if (Number(done.numUpdatedRows) === 0) await db.updateTable('push_deliveries').set({ claimed_until: null }).where('id', '=', id).execute();
    await db.updateTable('push_devices').set({ last_used_at: sentIso }).where('id', '=', claim.device_id).execute();
    return 'sent';
  }
  if (status === 404 || status === 410) {
    // The browser unsubscribed or the subscription expired: the device is gone for good (and what waited for it).
    await db.deleteFrom('push_devices').where('id', '=', claim.device_id).execute();
    return 'removed';
  }
  const transient = status === 429 || status >= 500;
  return settleFailure(deps, claim, now, `the push service answered HTTP ${status}`, transient, status === 429 ? retryAfter : 0, false);
}

async function settleFailure(
  deps: PushSenderDeps,
  claim: { id: number; attempts: number },
  now: () => Date,
  error: string,
  transient: boolean,
  retryAfter: number,
  keepClaim: boolean,
): Promise<Outcome> {
  const failedAt = now().getTime();
  const giveUp = !transient || claim.attempts >= MAX_PUSH_ATTEMPTS;
  deps.log?.warn({ pushDeliveryId: claim.id, attempts: claim.attempts, giveUp, err: error }, 'push not sent');
  const wait = Math.max(pushBackoffMs(claim.attempts), Math.min(retryAfter, MAX_RETRY_AFTER_MS));
  await deps.db.kysely
    .updateTable('push_deliveries')
    .set({
      last_error: error,
      ...(keepClaim ? {} : { claimed_until: null }),
      ...(giveUp ? { given_up_at: new Date(failedAt).toISOString() } : { next_attempt_at: new Date(failedAt + wait).toISOString() }),
    })
    .where('id', '=', claim.id)
    .execute();
  return giveUp ? 'gaveUp' : 'retried';
}

/** Removes sent and given-up rows older than a week (the pruning job); waiting rows stay whatever their age. */
export async function prunePushDeliveries(db: Db, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - KEEP_DONE_MS).toISOString();
  const res = await db.kysely
    .deleteFrom('push_deliveries')
    .where('created_at', '<', cutoff)
    .where((eb) => eb.or([eb('sent_at', 'is not', null), eb('given_up_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Sends a transaction's pushes as soon as it has committed. The created-listener runs inside the writing transaction,
 * so the kick looks for the rows it wrote a few times (they are not visible before the commit; a rolled-back cause
 * leaves none) and sends them; the job (every PUSH_EVERY_MS) takes whatever the kick missed and the retries.
 */
export class PushKicker {
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly deps: PushSenderDeps,
    private readonly waitsMs: readonly number[] = [0, 25, 100, 400, 1500],
  ) {}

  kick(notificationIds: number[], expected: number): void {
    if (this.closed || expected === 0) return;
    const run = this.sendWhenCommitted(notificationIds, expected).catch((err) => this.deps.log?.warn({ err: errorText(err) }, 'push kick failed'));
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private async sendWhenCommitted(notificationIds: number[], expected: number): Promise<void> {
    let handled = 0;
    for (const wait of this.waitsMs) {
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (this.closed) return;
      const r = await drainPush(this.deps, { notificationIds });
      handled += r.sent + r.retried + r.removed + r.gaveUp;
      if (handled >= expected) return;
    }
  }

  /** Resolves once the kicks under way have finished (tests; closing). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }
}

/** Each app's kicker, by its database handle (apps and tests sharing a process stay apart, as in created.ts). */
export const kickers = new WeakMap<Db, PushKicker>();

/** The kicker of the app on `db` (tests wait on its `idle()`). */
export function pushKickerOf(db: Db): PushKicker {
  const kicker = kickers.get(db);
  if (!kicker) throw new Error('push delivery is not registered on this database');
  return kicker;
}
