import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { explain } from '../../test/engines/explain.js';
import { securityEventsQuery } from './activity/events.js';
import { passkeysQuery } from './passkeys/commands.js';
import { sessionsQuery } from './sessions/sessions.js';

/**
 * The account security lists read the member's index range, newest first, never the table and without a sort. On
 * PostgreSQL a test database is too small for the planner to prefer an index, so sequential scans are priced out for the
 * EXPLAIN (a plan without a usable index still shows one).
 */
describe('account security query plans', () => {
  const {
    h,
    members: [m],
  } = useHarness({ members: 1 });

  const plan = (q: CompiledQuery) => explain(h, q);
  const indexedWithoutSort = (p: string, table: string, index: string) => {
    expect(p).toMatch(new RegExp(index));
    expect(p).not.toMatch(h.dialect === 'sqlite' ? new RegExp(`SCAN ${table}\\b(?! USING)|TEMP B-TREE`) : /Seq Scan|Sort\b/);
  };

  it("lists a member's sessions, passkeys and security activity from their (user_id, created_at, id) indexes", async () => {
    indexedWithoutSort(await plan(sessionsQuery(h.db.kysely, m.id).compile()), 'sessions', 'sessions_user_idx');
    indexedWithoutSort(await plan(passkeysQuery(h.db.kysely, m.id).compile()), 'passkeys', 'passkeys_user_idx');
    indexedWithoutSort(await plan(securityEventsQuery(h.db.kysely, m.id).limit(10).offset(10).compile()), 'security_events', 'security_events_user_idx');
  });

  it('notices a query that has no index to use (the check can fail)', async () => {
    const p = await plan(h.db.kysely.selectFrom('security_events').select('id').where('kind', '=', 'sign-in').compile());
    expect(p).toMatch(h.dialect === 'sqlite' ? /SCAN security_events/ : /Seq Scan on security_events/);
  });
});
