import type { Harness } from '../harness.js';

/** The moderation log's entry of one action on one entity (the test expects exactly one). */
export const logEntry = (h: Harness, entityId: number, action: string) =>
  h.db.kysely.selectFrom('moderation_log').selectAll().where('entity_id', '=', entityId).where('action', '=', action).executeTakeFirstOrThrow();
