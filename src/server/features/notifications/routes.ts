import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replies } from '../../../shared/schemas/envelope.js';
import {
  markedReadSchema,
  markReadSchema,
  NOTIFICATION_MESSAGES,
  notificationListQuerySchema,
  notificationListSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  streamTicketSchema,
  unreadCountSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '../../../shared/schemas/members/notifications.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../plugins/auth.js';
import { signedIn } from '../../plugins/guards.js';
import { rateLimit } from '../../plugins/rate-limits.js';
import { markAllRead, markRead, savePreferences, unsubscribeByMail } from './commands.js';
import type { NotificationLive } from './live/live.js';
import { presentNotification } from './presenter.js';
import { listNotifications, preferencesFor, unreadCount } from './queries.js';
import { streamRoutes } from './live/stream.js';
import { signStreamTicket, TICKET_TTL_SECONDS } from './live/stream-ticket.js';

/** A member's notifications (docs/notes/notifications.md): the inbox, its unread count, marking read, preferences, the live stream. */
export function notificationRoutes(live: NotificationLive) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db, config } = app.deps;
    const member = { onRequest: signedIn(NOTIFICATION_MESSAGES.login) };
    const security = [{ bearer: [] }];
    const tags = ['notifications'];

    app.get(
      '/notifications',
      {
        schema: {
          tags,
          summary: "The member's notifications, newest first (unread=1: unread only)",
          querystring: notificationListQuerySchema,
          security,
          response: replies(notificationListSchema),
        },
        ...member,
      },
      async (request) => {
        const user = requireUser(request);
        const { page, pageSize, unread } = request.query;
        const [{ rows, total }, count] = await Promise.all([
          listNotifications(db, user.id, { page, pageSize, unreadOnly: unread === '1' || unread === 'true' }),
          unreadCount(db, user.id),
        ]);
        return ok({ notifications: rows.map(presentNotification), unreadCount: count, totalCount: total, page, totalPages: Math.ceil(total / pageSize) });
      },
    );

    app.get(
      '/notifications/unread-count',
      { schema: { tags, summary: 'How many notifications are unread: data.count', security, response: replies(unreadCountSchema) }, ...member },
      async (request) => ok({ count: await unreadCount(db, requireUser(request).id) }),
    );

    app.post(
      '/notifications/read',
      {
        schema: {
          tags,
          summary: "Marks the member's notifications among ids read (others' ids change nothing)",
          body: markReadSchema,
          security,
          response: replies(markedReadSchema),
        },
        ...member,
        config: { ...rateLimit(app, 'notificationWrite'), softWrite: 'own' },
      },
      async (request) => {
        const user = requireUser(request);
        const marked = await markRead(db, user.id, request.body.ids);
        if (marked > 0) await live.countChanged(user.id);
        return ok({ marked, unreadCount: await unreadCount(db, user.id) });
      },
    );

    app.post(
      '/notifications/read-all',
      {
        schema: { tags, summary: "Marks all the member's notifications read", security, response: replies(markedReadSchema) },
        ...member,
        config: { ...rateLimit(app, 'notificationWrite'), softWrite: 'own' },
      },
      async (request) => {
        const user = requireUser(request);
        const marked = await markAllRead(db, user.id);
        if (marked > 0) await live.countChanged(user.id);
        return ok({ marked, unreadCount: 0 });
      },
    );

    app.get(
      '/notifications/preferences',
      {
        schema: { tags, summary: 'Which types reach the member, per channel (inApp, email, push)', security, response: replies(preferencesSchema) },
        ...member,
      },
      async (request) => ok({ preferences: await preferencesFor(db, requireUser(request).id) }),
    );

    app.put(
      '/notifications/preferences',
      {
        schema: {
          tags,
          summary: 'Changes any types and channels; what is left out stays',
          body: preferencesUpdateSchema,
          security,
          response: replies(preferencesSchema),
        },
        ...member,
        config: { ...rateLimit(app, 'notificationWrite'), softWrite: 'own' },
      },
      async (request) => ok({ preferences: await savePreferences(db, requireUser(request).id, request.body.preferences) }),
    );

    app.post(
      '/notifications/stream-ticket',
      {
        schema: {
          tags,
          summary: `A ticket that opens the live stream for ${TICKET_TTL_SECONDS} s (the session token never goes in a URL)`,
          security,
          response: replies(streamTicketSchema),
        },
        ...member,
        config: { ...rateLimit(app, 'streamTicket'), softWrite: 'own' },
      },
      async (request) => {
        const user = requireUser(request);
        return ok({ ticket: signStreamTicket(config.jwtSecret, user.id, user.token_version), expiresInSeconds: TICKET_TTL_SECONDS });
      },
    );

    // RFC 8058: a mail client's one-click POST sends `List-Unsubscribe=One-Click` as a form; the body is not needed.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    // No sign-in (the signed token is the permission); logLevel warn keeps the token-carrying URL out of the request log.
    app.post(
      '/notifications/unsubscribe',
      {
        schema: {
          tags,
          summary: "One-click unsubscribe (RFC 8058) of the gathered mail: the mail's types stop being emailed",
          querystring: unsubscribeQuerySchema,
          response: replies(unsubscribedSchema),
        },
        config: { access: 'public', ...rateLimit(app, 'alertUnsubscribe'), softWrite: 'own' },
        logLevel: 'warn',
      },
      async (request) => ok({ unsubscribed: await unsubscribeByMail(db, config.jwtSecret, request.query.token, request.query.types) }),
    );

    await app.register(streamRoutes(live));
  };
}
