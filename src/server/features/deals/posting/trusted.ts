import { isTrustedPoster, type PosterRecord, rejectionWindowStart, type TrustedPosterThresholds } from '../../../../shared/domain/members/trusted-poster.js';
import type { Db } from '../../../db/connection.js';
import type { UserRow } from '../../../db/schema.js';

/**
 * A member's posting record (docs/notes/posting.md): deals the team let through (active or expired since), and deals
 * rejected within the window. Both read the member's rows through deals(user_id, status, published_at, id).
 */
export async function posterRecord(db: Db, user: Pick<UserRow, 'id' | 'created_at'>, t: TrustedPosterThresholds, now = Date.now()): Promise<PosterRecord> {
  const k = db.kysely;
  const [approved, rejected] = await Promise.all([
    k
      .selectFrom('deals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('status', 'in', ['active', 'expired'])
      .executeTakeFirst(),
    k
      .selectFrom('deals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('status', '=', 'rejected')
      .where('updated_at', '>=', rejectionWindowStart(t, now))
      .executeTakeFirst(),
  ]);
  return { approved: Number(approved?.n ?? 0), recentRejections: Number(rejected?.n ?? 0), accountCreatedAt: user.created_at };
}

/** Whether the member's next deal goes live at once. */
export async function postsLive(db: Db, user: Pick<UserRow, 'id' | 'created_at'>, t: TrustedPosterThresholds, now = Date.now()): Promise<boolean> {
  return isTrustedPoster(await posterRecord(db, user, t, now), t, now);
}
