/** Web push (docs/notes/notifications.md "Push"): devices, the durable deliveries and their sender. */
export { queuePushDeliveries } from './delivery.js';
export {
  drainPush,
  MAX_PUSH_ATTEMPTS,
  prunePushDeliveries,
  PUSH_EVERY_MS,
  pushBackoffMs,
  kickers,
  PushKicker,
  pushKickerOf,
  type PushReport,
  type PushSenderDeps,
} from './sender.js';
export { pushRoutes } from './routes.js';
