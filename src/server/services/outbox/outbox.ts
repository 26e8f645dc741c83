import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, MailOutboxTable } from '../../db/schema.js';
import type { Mailer, MailMessage } from '../mail.js';

/**
 * The durable mail outbox (docs/notes/alerts.md "Delivery"). A mail is decided by writing a row in the transaction that
 * decides it (a deal's activation, a digest run), so it commits or rolls back with the decision; a worker drains the
 * table. Each row is claimed atomically (`claimed_until`), rendered by its kind's handler, handed to the mailer, and
 * marked sent only after the mailer's send resolved. A failure (SMTP down, a timeout, a render error) sets
 * `next_attempt_at` with exponential backoff; a process killed mid-send leaves a claim that expires, and the row is
 * picked up again. A mail is therefore delayed, never dropped; it is sent twice only if the process dies between the
 * SMTP server accepting it and the row being marked (at-least-once, the one window no outbox can close), and the
 * handlers give each mail a stable Message-ID so a receiving server can fold such a repeat.
 */

export type OutboxRow = Selectable<MailOutboxTable>;
type Executor = Kysely<Database> | Transaction<Database>;

/** What a handler decides for a row: this mail now, or nothing ever (with the reason kept in last_error). */
export type Rendered = MailMessage | { skip: string };

/**
 * The handler of one kind of mail. The payload is the JSON that kind's enqueuer wrote, read back: a handler declares
 * that shape for its own kind (the kind names it), so the methods take it as given.
 */
export interface OutboxHandler {
  /** Builds the mail from the row's payload (read fresh at send time). Throwing counts as a failed attempt. */
  render(payload: unknown, row: OutboxRow): Promise<Rendered>;
  /** Runs in the transaction that marks the row sent. */
  sent?(payload: unknown, trx: Transaction<Database>, sentAtIso: string): Promise<void>;
}
export type OutboxHandlers = Record<string, OutboxHandler>;

/** A ready-made mail: the payload is the message itself. */
export const MESSAGE_KIND = 'message';
export const messageHandler: OutboxHandler = { render: async (payload: MailMessage) => payload };

export interface OutboxItem {
  kind: string;
  /** One row per key, ever: enqueuing the same decision twice keeps one mail. */
  dedupeKey: string;
  payload: unknown;
}

/** Adds a mail to the outbox in the caller's transaction; false when one with the same key already exists. */
export async function enqueueMail(db: Executor, item: OutboxItem, nowIso: string): Promise<boolean> {
  const rows = await db
    .insertInto('mail_outbox')
    .values({ kind: item.kind, dedupe_key: item.dedupeKey, payload: JSON.stringify(item.payload), next_attempt_at: nowIso, created_at: nowIso })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Many mails at once (one insert per 500), in the caller's transaction; returns how many were new. */
export async function enqueueMails(db: Executor, items: OutboxItem[], nowIso: string): Promise<number> {
  let added = 0;
  for (let i = 0; i < items.length; i += 500) {
    const rows = await db
      .insertInto('mail_outbox')
      .values(
        items
          .slice(i, i + 500)
          .map((item) => ({ kind: item.kind, dedupe_key: item.dedupeKey, payload: JSON.stringify(item.payload), next_attempt_at: nowIso, created_at: nowIso })),
      )
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .execute();
    added += rows.length;
  }
  return added;
}

/** Attempts before a row is given up (about three days of retries with the backoff below). */
export const MAX_ATTEMPTS = 20;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 3600_000;

/** Wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, ... at most 6 h. */
export const backoffMs = (attempts: number): number => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

export interface DrainOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  batchSize?: number;
  /** Batches per call at most: a long queue is worked through over several ticks. */
  maxBatches?: number;
  /** How long a claim holds off other workers; longer than any send may take. */
  claimMs?: number;
  /** A send still pending after this counts as failed (the claim is then still held, so no one else sends it meanwhile). */
  sendTimeoutMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

export interface DrainReport {
  sent: number;
  failed: number;
  skipped: number;
  gaveUp: number;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

class SendTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeout(`mail send timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Sends what is due: rows of the given kinds, not sent, not given up, whose next attempt has come and which nobody
 * holds (no claim, or an expired one). Safe to run in several processes at once: a row is sent by whoever claims it.
 */
export async function drainOutbox(deps: { db: Db; mailer: Mailer }, handlers: OutboxHandlers, opts: DrainOptions = {}): Promise<DrainReport> {
  const now = opts.now ?? (() => new Date());
  const batchSize = opts.batchSize ?? 50;
  const maxBatches = opts.maxBatches ?? 10;
  const claimMs = opts.claimMs ?? 5 * 60_000;
  const sendTimeoutMs = opts.sendTimeoutMs ?? 2 * 60_000;
  const kinds = Object.keys(handlers);
  const report: DrainReport = { sent: 0, failed: 0, skipped: 0, gaveUp: 0 };
  const db = deps.db.kysely;
  if (kinds.length === 0) return report;

  for (let batch = 0; batch < maxBatches; batch++) {
    const nowIso = now().toISOString();
    const due = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('given_up_at', 'is', null)
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
      .where('kind', 'in', kinds)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(batchSize)
      .execute();
    for (const { id } of due) {
      const outcome = await deliverOne(deps, handlers, id, now, claimMs, sendTimeoutMs, opts.log);
      if (outcome) report[outcome] += 1;
    }
    if (due.length < batchSize) break;
  }
  return report;
}

/** Claim, render, send, mark: one row. Returns what happened, or null when someone else holds the row. */
async function deliverOne(
  deps: { db: Db; mailer: Mailer },
  handlers: OutboxHandlers,
  id: number,
  now: () => Date,
  claimMs: number,
  sendTimeoutMs: number,
  log?: DrainOptions['log'],
): Promise<keyof DrainReport | null> {
  const db = deps.db.kysely;
  const claimedAt = now();
  const claimedIso = claimedAt.toISOString();
  // The claim is one conditional UPDATE: on both engines only one worker's update finds the row unclaimed.
  const row = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ claimed_until: new Date(claimedAt.getTime() + claimMs).toISOString(), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', claimedIso)]))
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  const handler = handlers[row.kind];
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
    const mail = await handler.render(payload, row);
    if ('skip' in mail) {
      await db
        .updateTable('mail_outbox')
        .set({ given_up_at: now().toISOString(), claimed_until: null, last_error: `not sent: ${mail.skip}` })
        .where('id', '=', id)
        .execute();
      return 'skipped';
    }
    await withTimeout(deps.mailer.send(mail), sendTimeoutMs);
  } catch (err) {
    const failedIso = now().toISOString();
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    log?.warn({ outboxId: id, kind: row.kind, attempts: row.attempts, giveUp, err: errorText(err) }, 'mail not sent');
    await db
      .updateTable('mail_outbox')
      .set({
        last_error: errorText(err),
        // A send that timed out may still be under way: its claim stays until it expires, so no one sends it meanwhile.
        ...(err instanceof SendTimeout ? {} : { claimed_until: null }),
        ...(giveUp ? { given_up_at: failedIso } : { next_attempt_at: new Date(Date.parse(failedIso) + backoffMs(row.attempts)).toISOString() }),
      })
      .where('id', '=', id)
      .execute();
    return giveUp ? 'gaveUp' : 'failed';
  }
  const sentIso = now().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('mail_outbox').set({ sent_at: sentIso, claimed_until: null, last_error: null }).where('id', '=', id).execute();
    await handler.sent?.(payload, trx, sentIso);
  });
  return 'sent';
}
