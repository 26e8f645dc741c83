import type { Transaction } from 'kysely';
import type { Database, DealRow } from '../../../db/schema.js';
import type { ModerationAction } from '../../moderation/index.js';

/**
 * The domain events of a deal. Every state change goes through the lifecycle (./commands.ts), which works out the
 * events from the row before and after the change (./rules.ts dealEvents), so no caller can forget one:
 * - deal.created    a new row (member post, admin create, scraper import)
 * - deal.updated    any column of an existing row changed (edit, AI task, localized image, vote void, ...)
 * - deal.activated  the deal became active (first publication or reinstatement), whoever did it
 * - deal.repriced   price or original price changed on an existing deal
 * - deal.expired    the deal became expired (sweep, admin, member reports)
 * - deal.deleted    the row is gone
 */
export const DEAL_EVENT_TYPES = ['deal.created', 'deal.updated', 'deal.activated', 'deal.repriced', 'deal.expired', 'deal.deleted'] as const;
export type DealEventType = (typeof DEAL_EVENT_TYPES)[number];

/** Who made a change: a signed-in account, or the system (expiry sweep, scheduled scraper run). */
export interface Actor {
  id: number;
  role: string;
}

/** Where the change came from: it decides messages and what the moderation log records, never the rules. */
export type ChangeOrigin = 'member' | 'admin' | 'scraper' | 'sweep' | 'task' | 'reports';

/** An entry for the moderation log, decided by the lifecycle; the moderation feature writes it in the same transaction. */
export interface AuditNote {
  action: ModerationAction;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

/** One committed change of one deal: the rows around it and the events it amounts to. */
export interface DealChange {
  dealId: number;
  actor: Actor | null;
  origin: ChangeOrigin;
  before: DealRow | null;
  after: DealRow | null;
  events: DealEventType[];
  audit: AuditNote | null;
  at: string;
}

type Tx = Transaction<Database>;
export type TransactionSubscriber = (change: DealChange, trx: Tx) => Promise<void>;
export type CommitSubscriber = (change: DealChange) => void | Promise<void>;

/**
 * Subscribers of deal changes. `inTransaction` ones run inside the change's transaction (the moderation log, alert
 * matching: they commit or roll back with it); `afterCommit` ones run once it has committed (cache invalidation,
 * publishing to other processes), before the request's response is sent. A failing after-commit subscriber is
 * reported and never undoes the change.
 */
export class DealEvents {
  private readonly tx: Array<{ type: DealEventType | '*'; fn: TransactionSubscriber }> = [];
  private readonly commit: Array<{ type: DealEventType | '*'; fn: CommitSubscriber }> = [];

  constructor(private readonly onError: (err: unknown, change: DealChange) => void = () => {}) {}

  inTransaction(type: DealEventType | '*', fn: TransactionSubscriber): () => void {
    const entry = { type, fn };
    this.tx.push(entry);
    return () => this.tx.splice(this.tx.indexOf(entry), 1);
  }

  afterCommit(type: DealEventType | '*', fn: CommitSubscriber): () => void {
    const entry = { type, fn };
    this.commit.push(entry);
    return () => this.commit.splice(this.commit.indexOf(entry), 1);
  }

  /** Each subscriber sees a change once, however many of its events it listens to. */
  async runInTransaction(changes: DealChange[], trx: Tx): Promise<void> {
    for (const change of changes) {
      for (const s of this.tx) if (matches(s.type, change)) await s.fn(change, trx);
    }
  }

  async publish(changes: DealChange[]): Promise<void> {
    for (const change of changes) {
      for (const s of this.commit) {
        if (!matches(s.type, change)) continue;
        try {
          await s.fn(change);
        } catch (err) {
          this.onError(err, change);
        }
      }
    }
  }
}

const matches = (type: DealEventType | '*', change: DealChange) => type === '*' || change.events.includes(type);
