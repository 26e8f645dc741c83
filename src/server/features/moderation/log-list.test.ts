import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';

describe('GET /admin/moderation-log', () => {
  const { h, admin } = useHarness();

  it('pages the log newest first, with its total, each entry with its actor', async () => {
    for (const slug of ['log-one', 'log-two', 'log-three']) {
      const res = await h.request({ method: 'POST', url: '/api/admin/categories', token: admin.token, payload: { name: slug, slug } });
      expect(res.status).toBe(201);
    }
    const page = (n: number) => h.request({ method: 'GET', url: `/api/admin/moderation-log?limit=2&page=${n}`, token: admin.token });
    const [first, second] = [await page(1), await page(2)];
    const total = Number(
      (
        await h.db.kysely
          .selectFrom('moderation_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.body.data).toMatchObject({ page: 1, limit: 2, totalCount: total, totalPages: Math.ceil(total / 2) });
    expect(first.body.data.entries.map((e: { entityTitle: string }) => e.entityTitle)).toEqual(['log-three', 'log-two']);
    expect(first.body.data.entries[0]).toMatchObject({ action: 'create', entityType: 'category', actor: { id: admin.id, username: admin.username } });
    expect(second.body.data.entries[0].entityTitle).toBe('log-one');
  });
});
