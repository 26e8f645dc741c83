/** The durable mail outbox: enqueue in the deciding transaction, drain with retries (outbox.ts). */
export {
  backoffMs,
  type DrainOptions,
  type DrainReport,
  drainOutbox,
  enqueueMail,
  enqueueMails,
  MAX_ATTEMPTS,
  MESSAGE_KIND,
  messageHandler,
  type OutboxHandler,
  type OutboxHandlers,
  type OutboxItem,
  type OutboxRow,
  type Rendered,
} from './outbox.js';

/** How often the worker looks for due mails (jobs.ts). */
export const OUTBOX_EVERY_MS = 5_000;
