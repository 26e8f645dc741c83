import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { StreamEvent } from '../../../shared/schemas/notifications.js';
import type { Db } from '../../db/connection.js';
import type { RedisConnection } from '../../infra/redis.js';
import type { NotificationRow } from './created.js';
import { presentNotification } from './presenter.js';
import { notificationsByIds, unreadCount } from './queries.js';

const CHANNEL = 'quidsin:notifications';
/** How long to wait for the writing transaction to commit before taking it as rolled back. */
const COMMIT_WAITS_MS = [0, 20, 50, 100, 250, 500, 1000, 2000, 4000];

type Listener = (event: StreamEvent) => void;

/**
 * The live side of notifications (docs/notes/notifications.md "Stream"): each process holds its members' open streams;
 * an event for a member is published once, and every process forwards it to its own streams of that member. With
 * REDIS_URL it goes through a Redis channel (a subscriber connection of its own); without, or while Redis is away, it
 * is delivered in this process only (a stream held elsewhere catches up when it reconnects).
 *
 * Rows are published only once committed: the created-listener hands them here inside the writing transaction, and
 * they are read back (by id and time) until they are there, so a rolled-back cause never reaches a screen.
 */
export class NotificationLive {
  private readonly streams = new Map<number, Set<Listener>>();
  private subscriber?: Redis;

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
        const { userId, event } = JSON.parse(message) as { userId: number; event: StreamEvent };
        this.deliver(userId, event);
      } catch {
        /* not ours */
      }
    });
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

  /** Sends an event to every stream of the member, on every process. */
  async publish(userId: number, event: StreamEvent): Promise<void> {
    if (this.redis?.isReady()) {
      try {
        await this.redis.client.publish(CHANNEL, JSON.stringify({ userId, event }));
        return;
      } catch (err) {
        this.redis.failed('notifications publish', err);
      }
    }
    this.deliver(userId, event);
  }

  /** The member's unread count changed (marked read): their other tabs and devices follow. */
  async countChanged(userId: number): Promise<void> {
    await this.publish(userId, { unreadCount: await unreadCount(this.db, userId) });
  }

  /** The created-listener: publishes the rows once their transaction has committed. */
  created(rows: NotificationRow[]): void {
    void this.whenCommitted(rows).catch((err) => this.log.warn({ err }, 'notifications: live publish failed'));
  }

  private async whenCommitted(rows: NotificationRow[]): Promise<void> {
    const wanted = new Map(rows.map((r) => [Number(r.id), r.created_at]));
    for (const wait of COMMIT_WAITS_MS) {
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const found = (await notificationsByIds(this.db, [...wanted.keys()])).filter((r) => wanted.get(Number(r.id)) === r.created_at);
      if (found.length === 0) continue;
      for (const row of found) {
        const userId = Number(rows.find((r) => Number(r.id) === Number(row.id))?.user_id);
        await this.publish(userId, { unreadCount: await unreadCount(this.db, userId), notification: presentNotification(row) });
      }
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
