import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { explain } from '../../test/engines/explain.js';
import { devicesQuery } from './push/devices.js';
import { dueQuery } from './push/sender.js';
import { inboxPageQuery, unreadCountQuery } from './queries.js';

/**
 * The inbox's queries read the member's index range, never the table (docs/notes/notifications.md "Data"): the page
 * walks (user_id, created_at, id) backwards and stops after it, the Unread tab the partial unread index, and the
 * unread count is an index-only count of that partial index. On PostgreSQL a test database is too small for the planner
 * to prefer an index, so sequential scans are priced out for the EXPLAIN (a plan without a usable index still shows one).
 */
describe('notification query plans', () => {
  const {
    h,
    members: [m],
  } = useHarness({ members: 1 });

  const plan = (q: CompiledQuery) => explain(h, q);
  const noScan = (p: string) => {
    if (h.dialect === 'sqlite') {
      expect(p).not.toMatch(/SCAN n(otifications)?\b(?! USING)/);
      expect(p).not.toMatch(/TEMP B-TREE/);
    } else expect(p).not.toMatch(/Seq Scan on notifications|Sort\b/);
  };

  it('pages the inbox through (user_id, created_at, id), newest first, without sorting', async () => {
    const p = await plan(inboxPageQuery(h.db.kysely, m.id, { page: 2, pageSize: 20, unreadOnly: false }).compile());
    expect(p).toMatch(/notifications_user_created_idx/);
    noScan(p);
  });

  it('pages the Unread tab through the partial unread index', async () => {
    const p = await plan(inboxPageQuery(h.db.kysely, m.id, { page: 1, pageSize: 20, unreadOnly: true }).compile());
    // PostgreSQL may as well walk the member's whole range backwards, filtering: either way no scan and no sort.
    expect(p).toMatch(h.dialect === 'sqlite' ? /notifications_unread_idx/ : /notifications_(unread|user_created)_idx/);
    noScan(p);
  });

  it('counts the unread ones from the partial index alone', async () => {
    const p = await plan(unreadCountQuery(h.db.kysely, m.id).compile());
    expect(p).toMatch(h.dialect === 'sqlite' ? /COVERING INDEX notifications_unread_idx/ : /Index Only Scan using notifications_unread_idx/);
    noScan(p);
  });

  it("lists a member's push devices from (user_id, created_at, id), and the push sender's work from the partial due index", async () => {
    const devices = await plan(devicesQuery(h.db.kysely, m.id).compile());
    expect(devices).toMatch(/push_devices_user_idx/);
    expect(devices).not.toMatch(h.dialect === 'sqlite' ? /SCAN push_devices\b(?! USING)|TEMP B-TREE/ : /Seq Scan|Sort\b/);
    const due = await plan(dueQuery(h.db.kysely, new Date().toISOString(), 50).compile());
    expect(due).toMatch(/push_deliveries_due_idx/);
    expect(due).not.toMatch(h.dialect === 'sqlite' ? /SCAN push_deliveries\b(?! USING)|TEMP B-TREE/ : /Seq Scan|Sort\b/);
  });

  it('notices a query that has no index to use (the check can fail)', async () => {
    const p = await plan(h.db.kysely.selectFrom('notifications').select('id').where('text', '=', 'x').compile());
    expect(p).toMatch(h.dialect === 'sqlite' ? /SCAN notifications/ : /Seq Scan on notifications/);
  });
});
