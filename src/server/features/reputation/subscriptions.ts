import { HOT_DEAL_TEMPERATURE } from '../../../shared/domain/members/reputation.js';
import type { AppDeps } from '../../deps.js';
import type { Executor } from './queries.js';
import { memberReputationChanged } from './commands.js';

/** A deal's change (published, expired, removed, moved to another poster) moves its poster's record: after commit. */
export function subscribeReputation(deps: Pick<AppDeps, 'db' | 'events'>): void {
  deps.events.afterCommit('*', async (change) => {
    const owners = new Set([change.before?.user_id, change.after?.user_id].filter((id): id is number => id !== null && id !== undefined).map(Number));
    for (const id of owners) await memberReputationChanged(deps.db, id);
  });
}

/** A deal's temperature moved from `from` to `to` (a vote, half votes becoming whole): across 100° its poster's record moves. */
export async function dealTemperatureMoved(k: Executor, dealId: number, from: number, to: number): Promise<void> {
  if (from >= HOT_DEAL_TEMPERATURE === to >= HOT_DEAL_TEMPERATURE) return;
  const deal = await k.selectFrom('deals').select('user_id').where('id', '=', dealId).executeTakeFirst();
  await memberReputationChanged(k, deal?.user_id, 'deals');
}
