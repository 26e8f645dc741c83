import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTIFICATION_MESSAGES, type StreamEvent, streamQuerySchema } from '../../../../shared/schemas/members/notifications.js';
import { unauthorized } from '../../../http/errors.js';
import { rateLimit } from '../../../plugins/rate-limits.js';
import type { NotificationLive } from './live.js';
import { unreadCount } from '../queries.js';
import { verifyStreamTicket } from './stream-ticket.js';

/** A comment line this often keeps proxies (and their idle timeouts) from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting a dropped stream (the app asks for a fresh ticket first). */
const RETRY_MS = 3_000;

/**
 * GET /api/notifications/stream?ticket=: Server-Sent Events of the member's unread count and new notifications. The
 * ticket (POST /notifications/stream-ticket) names the member and opens one stream, once; the session token never
 * travels in the URL. The reply
 * is written to the socket directly (hijacked), so neither the read cache nor compression sees it, and
 * `X-Accel-Buffering: no` asks a proxy in front not to buffer it. Open streams end when the server closes.
 */
export function streamRoutes(live: NotificationLive) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db, config } = app.deps;
    const ends = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of [...ends]) end();
    });

    app.get(
      '/notifications/stream',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Server-Sent Events (text/event-stream): data {unreadCount, notification?} on connect and on every change; a comment line every 25 s',
          querystring: streamQuerySchema,
        },
        config: { access: 'public', ...rateLimit(app, 'notificationStream') },
      },
      async (request, reply) => {
        const claims = verifyStreamTicket(config.jwtSecret, request.query.ticket);
        const user =
          claims &&
          (await db.kysely.selectFrom('users').select(['id', 'token_version', 'email_verified_at']).where('id', '=', claims.userId).executeTakeFirst());
        if (!claims || !user || Number(user.token_version) !== claims.version || !user.email_verified_at) throw unauthorized(NOTIFICATION_MESSAGES.ticket);
        if (!(await live.claimTicket(request.query.ticket, claims.expiresAt))) throw unauthorized(NOTIFICATION_MESSAGES.ticket);
        const userId = Number(user.id);

        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        const send = (event: StreamEvent) => {
          const id = event.notification ? `id: ${event.notification.id}\n` : '';
          res.write(`${id}data: ${JSON.stringify(event)}\n\n`);
        };
        res.write(`retry: ${RETRY_MS}\n\n`);
        const close = live.open(userId, send);
        send({ unreadCount: await unreadCount(db, userId) });
        const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
        const end = () => {
          clearInterval(heartbeat);
          close();
          ends.delete(end);
          res.end();
        };
        ends.add(end);
        request.raw.on('close', end);
      },
    );
  };
}
