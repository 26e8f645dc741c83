import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type NotificationPreferences } from '../../domain/members/notifications.js';
import { AUTH_PATTERN, MAX_PUSH_DEVICES, P256DH_PATTERN } from '../../domain/members/push.js';
import { idSchema, pageCountFields, pageSchema } from '../common.js';

/** Notifications API (docs/notes/notifications.md): the inbox, its unread count, marking read, preferences, the stream's ticket. */
export const NOTIFICATION_MESSAGES = {
  login: 'Please log in to see your notifications',
  ids: 'ids must be a list of 1 to 100 notification ids',
  type: `type must be one of: ${NOTIFICATION_TYPES.join(', ')}`,
  channel: `Each type takes true or false for ${NOTIFICATION_CHANNELS.join(', ')}`,
  pageSize: 'pageSize must be a whole number from 1 to 50',
  unread: 'unread must be 1 or 0',
  invalidLink: 'This unsubscribe link is not valid',
  ticket: 'This stream needs a valid ticket from POST /api/notifications/stream-ticket',
} as const;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;

export const notificationListQuerySchema = z.object({
  page: pageSchema,
  pageSize: z.coerce
    .number({ error: NOTIFICATION_MESSAGES.pageSize })
    .int(NOTIFICATION_MESSAGES.pageSize)
    .min(1, NOTIFICATION_MESSAGES.pageSize)
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, NOTIFICATION_MESSAGES.pageSize)
    .default(NOTIFICATIONS_PAGE_SIZE),
  unread: z.enum(['1', '0', 'true', 'false'], { error: NOTIFICATION_MESSAGES.unread }).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  text: z.string(),
  url: z.string(),
  actor: z.object({ username: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  dealId: z.number().int().nullable(),
  commentId: z.number().int().nullable(),
  count: z.number().int(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unreadCount: z.number().int(), ...pageCountFields });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const markReadSchema = z.object({
  ids: z.array(idSchema, { error: NOTIFICATION_MESSAGES.ids }).min(1, NOTIFICATION_MESSAGES.ids).max(100, NOTIFICATION_MESSAGES.ids),
});
export const markedReadSchema = z.object({ marked: z.number().int(), unreadCount: z.number().int() });
export type MarkedRead = z.infer<typeof markedReadSchema>;

const channel = z.boolean({ error: NOTIFICATION_MESSAGES.channel });
const channelChoiceSchema = z.object({ inApp: channel, email: channel, push: channel });
const partialChoiceSchema = z.strictObject(
  { inApp: channel.optional(), email: channel.optional(), push: channel.optional() },
  { error: NOTIFICATION_MESSAGES.channel },
);

export const preferencesSchema = z.object({
  preferences: z.object(
    Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, channelChoiceSchema])) as Record<(typeof NOTIFICATION_TYPES)[number], typeof channelChoiceSchema>,
  ),
});
export type PreferencesReply = { preferences: NotificationPreferences };

/** PUT: any types, any channels of each; what is left out stays as it was. Unknown types are refused (400). */
export const preferencesUpdateSchema = z.object({
  preferences: z
    .record(z.string(), partialChoiceSchema, { error: NOTIFICATION_MESSAGES.type })
    .refine((r) => Object.keys(r).every((k) => (NOTIFICATION_TYPES as readonly string[]).includes(k)), NOTIFICATION_MESSAGES.type),
});
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

/** The gathered mail's one-click unsubscribe (RFC 8058): the signed member token and the mail's types. */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: NOTIFICATION_MESSAGES.invalidLink }).min(1, NOTIFICATION_MESSAGES.invalidLink).max(200, NOTIFICATION_MESSAGES.invalidLink),
  types: z.string({ error: NOTIFICATION_MESSAGES.type }).max(400, NOTIFICATION_MESSAGES.type),
});
export const unsubscribedSchema = z.object({ unsubscribed: z.array(z.enum(NOTIFICATION_TYPES)) });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;

export const streamTicketSchema = z.object({ ticket: z.string(), expiresInSeconds: z.number().int() });
export type StreamTicket = z.infer<typeof streamTicketSchema>;
export const streamQuerySchema = z.object({ ticket: z.string({ error: NOTIFICATION_MESSAGES.ticket }).max(200, NOTIFICATION_MESSAGES.ticket) });

/** What the stream sends: the unread count, and the notification that moved it when there is one. */
export interface StreamEvent {
  unreadCount: number;
  notification?: Notification;
}

/** Web push (docs/notes/notifications.md "Push"): the VAPID key, a browser's PushSubscription, the member's devices. */
export const PUSH_MESSAGES = {
  endpoint: 'endpoint must be the https URL of a push service',
  keys: "keys must hold the subscription's p256dh (a P-256 public key) and auth (16 bytes), in base64url",
  tooMany: `You have turned on notifications on ${MAX_PUSH_DEVICES} devices: remove one first`,
  notFound: 'Device not found',
} as const;

export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** What PushSubscription.toJSON() gives (expirationTime is read and ignored: services answer 404/410 when one ends). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ error: PUSH_MESSAGES.endpoint }).min(12, PUSH_MESSAGES.endpoint).max(2048, PUSH_MESSAGES.endpoint),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: PUSH_MESSAGES.keys }).regex(P256DH_PATTERN, PUSH_MESSAGES.keys),
      auth: z.string({ error: PUSH_MESSAGES.keys }).regex(AUTH_PATTERN, PUSH_MESSAGES.keys),
    },
    { error: PUSH_MESSAGES.keys },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** A device as its member sees it: never the endpoint or the keys. */
export const pushDeviceSchema = z.object({ id: z.number().int(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushDeviceListSchema = z.object({ devices: z.array(pushDeviceSchema), max: z.number().int() });
export type PushDeviceList = z.infer<typeof pushDeviceListSchema>;
