import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceName, MAX_PUSH_DEVICES } from '../../../../shared/domain/members/push.js';
import { deletedSchema, idParamsSchema } from '../../../../shared/schemas/common.js';
import { replies } from '../../../../shared/schemas/envelope.js';
import {
  NOTIFICATION_MESSAGES,
  pushDeviceListSchema,
  pushDeviceSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
} from '../../../../shared/schemas/members/notifications.js';
import { ok } from '../../../http/envelope.js';
import { requireUser } from '../../../plugins/auth.js';
import { signedIn } from '../../../plugins/guards.js';
import { rateLimit } from '../../../plugins/rate-limits.js';
import { devicesOf, removeDevice, saveDevice } from './devices.js';
import { presentDevice } from './presenter.js';

/** Web push for members (docs/notes/notifications.md "Push"): the VAPID key browsers subscribe with, and their devices. */
export function pushRoutes() {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db, config } = app.deps;
    const member = { onRequest: signedIn(NOTIFICATION_MESSAGES.login) };
    const security = [{ bearer: [] }];
    const tags = ['notifications'];
    const policy = { allow: config.safeFetchAllow };

    app.get(
      '/notifications/push/public-key',
      {
        schema: {
          tags,
          summary: "The site's VAPID public key (base64url), the applicationServerKey browsers subscribe with",
          security,
          response: replies(pushPublicKeySchema),
        },
        ...member,
      },
      async () => ok({ publicKey: config.vapid.publicKey }),
    );

    app.get(
      '/notifications/push/devices',
      {
        schema: {
          tags,
          summary: "The member's devices with push on: name, created, last used (never the keys)",
          security,
          response: replies(pushDeviceListSchema),
        },
        ...member,
      },
      async (request) => ok({ devices: (await devicesOf(db, requireUser(request).id)).map(presentDevice), max: MAX_PUSH_DEVICES }),
    );

    app.post(
      '/notifications/push/devices',
      {
        schema: {
          tags,
          summary: 'Turns push on for this browser: its PushSubscription (endpoint, keys.p256dh, keys.auth); the same endpoint again updates it',
          body: pushSubscriptionSchema,
          security,
          response: replies(pushDeviceSchema),
        },
        ...member,
        config: { ...rateLimit(app, 'pushDevice'), softWrite: 'own' },
      },
      async (request) => {
        const user = requireUser(request);
        const device = await saveDevice(db, user.id, request.body, deviceName(request.headers['user-agent']), policy);
        return ok(presentDevice(device));
      },
    );

    app.delete(
      '/notifications/push/devices/:id',
      {
        schema: {
          tags,
          summary: "Turns push off for one of the member's devices: data { id, deleted: true }",
          params: idParamsSchema,
          security,
          response: replies(deletedSchema),
        },
        ...member,
        config: { ...rateLimit(app, 'pushDevice'), softWrite: 'own' },
      },
      async (request) => {
        await removeDevice(db, requireUser(request).id, request.params.id);
        return ok({ id: request.params.id, deleted: true as const });
      },
    );
  };
}
