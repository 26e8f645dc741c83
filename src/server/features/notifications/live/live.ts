import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { StreamEvent } from '../../../../shared/schemas/members/notifications.js';
import type { Db } from '../../../db/connection.js';
import type { RedisConnection } from '../../../infra/redis.js';
import type { NotificationRow } from '../created.js';
import { presentNotification } from '../presenter.js';
import { notificationsByIds, unreadCount } from '../queries.js';

const CHANNEL = 'quidsin:notifications';
/** How long to wait for the writing transaction to commit before taking it as rolled back. */
const COMMIT_WAITS_MS = [0, 20, 50, 100, 250, 500, 1000, 2000, 4000];

type Listener = (event: StreamEvent) => void;

/** What goes between processes: which rows were written (or that a member's count moved), never their content. */
type LiveMessage = { userId: number; rows?: Array<{ id: number; createdAt: string }> };

/**
 * The live side of notifications (docs/notes/notifications.md "Stream"): each process holds its members' open streams;
 * a change for a member is published once, and every process that holds a stream of that member reads what it needs
 * and sends it (the others do nothing, so the cost follows the open streams, not the notifications written). With
 * REDIS_URL it goes through a Redis channel (a subscriber connection of its own); without, or while Redis is away, it
 * stays in this process (a stream held elsewhere catches up when it reconnects).
 *
 * The created-listener runs inside the writing transaction, so rows are read back (by id and time) until they are
 * committed: a rolled-back cause never reaches a screen.
 */
export class NotificationLive {
  private readonly streams = new Map<number, Set<Listener>>();
  private subscriber?: Redis;
  /** Tickets used on this process (without Redis), until they expire. */
  private readonly usedTickets = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly redis?: RedisConnection,
  ) {
    if (!redis) return;
    const sub = redis.client.duplicate({ connectionName: 'quidsin-notifications', enableOfflineQueue: true, commandTimeout: undefined });
    this.subscriber = sub;
    sub.on('error', () => {});
    sub.on('ready', () => {
      sub.subscribe(CHANNEL).catch((err) => log.warn({ err: (err as Error).message }, 'notifications: Redis subscribe failed'));
    });
    sub.on('message', (_channel, message) => {
      try {
        this.received(JSON.parse(message) as LiveMessage);
      } catch {
        /* not ours */
      }
    });
  }

  /**
   * A ticket opens one stream, once: claimed in Redis (SET NX with its remaining life) so no process takes it twice, or
   * in this process while Redis is not there.
   */
  async claimTicket(ticket: string, expiresAt: number, now = Date.now()): Promise<boolean> {
    const ttl = Math.max(1, Math.ceil((expiresAt - now) / 1000));
    if (this.redis?.isReady()) {
      try {
        return (await this.redis.client.set(`quidsin:stream-ticket:${ticket}`, '1', 'EX', ttl, 'NX')) === 'OK';
      } catch (err) {
        this.redis.failed('stream ticket claim', err);
      }
    }
    for (const [t, until] of this.usedTickets) if (until < now) this.usedTickets.delete(t);
    if (this.usedTickets.has(ticket)) return false;
    this.usedTickets.set(ticket, expiresAt);
    return true;
  }

  /** A stream of `userId` on this process; answers the function that ends it. */
  open(userId: number, fn: Listener): () => void {
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.streams.delete(userId);
    };
  }

  get openStreams(): number {
    let n = 0;
    for (const s of this.streams.values()) n += s.size;
    return n;
  }

  /** Tells every process (through Redis when it is there, else this one). */
  private async publish(message: LiveMessage): Promise<void> {
    if (this.redis?.isReady()) {
      try {
        await this.redis.client.publish(CHANNEL, JSON.stringify(message));
        return;
      } catch (err) {
        this.redis.failed('notifications publish', err);
      }
    }
    this.received(message);
  }

  /** The member's unread count changed (marked read): their other tabs and devices follow. */
  async countChanged(userId: number): Promise<void> {
    await this.publish({ userId });
  }

  /** The created-listener (in the writing transaction): one message per member written to. */
  created(rows: NotificationRow[]): void {
    const byUser = new Map<number, Array<{ id: number; createdAt: string }>>();
    for (const r of rows) byUser.set(Number(r.user_id), [...(byUser.get(Number(r.user_id)) ?? []), { id: Number(r.id), createdAt: r.created_at }]);
    for (const [userId, list] of byUser) void this.publish({ userId, rows: list }).catch((err) => this.log.warn({ err }, 'notifications: live publish failed'));
  }

  private received(message: LiveMessage): void {
    if (!this.streams.has(message.userId)) return;
    void this.forward(message).catch((err) => this.log.warn({ err }, 'notifications: live delivery failed'));
  }

  /** Reads what a local stream needs: the new rows once committed (with the count after them), or the count alone. */
  private async forward({ userId, rows }: LiveMessage): Promise<void> {
    if (!rows) {
      this.deliver(userId, { unreadCount: await unreadCount(this.db, userId) });
      return;
    }
    const wanted = new Map(rows.map((r) => [r.id, r.createdAt]));
    for (const wait of COMMIT_WAITS_MS) {
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const found = (await notificationsByIds(this.db, [...wanted.keys()])).filter((r) => wanted.get(Number(r.id)) === r.created_at);
      if (found.length === 0) continue;
      const count = await unreadCount(this.db, userId);
      for (const row of found) this.deliver(userId, { unreadCount: count, notification: presentNotification(row) });
      return;
    }
  }

  private deliver(userId: number, event: StreamEvent): void {
    for (const fn of this.streams.get(userId) ?? []) fn(event);
  }

  async close(): Promise<void> {
    this.streams.clear();
    this.subscriber?.disconnect();
  }
}
