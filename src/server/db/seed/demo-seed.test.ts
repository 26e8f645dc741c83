import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { DEMO_PASSWORD, seedDemoData } from './demo.js';

describe('demo data', () => {
  let h: Harness;
  let seconds = 0;
  beforeAll(async () => {
    h = await createHarness();
    const started = Date.now();
    await seedDemoData(h.db, { uploadsDir: h.config.uploadsDir });
    seconds = (Date.now() - started) / 1000;
  }, 60_000);
  afterAll(() => h.close());

  it('seeds quickly: members, ~150 deals in every state, with local images', async () => {
    expect(seconds).toBeLessThan(15);
    const deals = await h.db.kysely.selectFrom('deals').selectAll().execute();
    expect(deals.length).toBeGreaterThanOrEqual(140);
    const by = (f: (d: (typeof deals)[number]) => boolean) => deals.filter(f).length;
    expect(by((d) => d.status === 'pending')).toBeGreaterThanOrEqual(8);
    expect(by((d) => d.status === 'expired' || (d.expires_at !== null && Date.parse(d.expires_at) < Date.now()))).toBeGreaterThanOrEqual(6);
    expect(by((d) => d.price_pence === 0)).toBeGreaterThanOrEqual(3);
    expect(by((d) => d.coupon !== null)).toBeGreaterThanOrEqual(5);
    expect(by((d) => d.temperature > 25)).toBeGreaterThanOrEqual(3);
    expect(new Set(deals.map((d) => d.category_id)).size).toBe(25);
    const oldest = Math.min(...deals.map((d) => Date.parse(d.published_at)));
    expect(Date.now() - oldest).toBeGreaterThan(20 * 86_400_000);
    for (const d of deals.slice(0, 5)) {
      expect(fs.existsSync(path.join(h.config.uploadsDir, (d.image_url as string).slice('/uploads/'.length)))).toBe(true);
      expect(fs.existsSync(path.join(h.config.uploadsDir, (d.thumbnail_url as string).slice('/uploads/'.length)))).toBe(true);
    }
  });

  it('keeps every counter equal to the rows behind it', async () => {
    const mismatches = await h.db.kysely
      .selectFrom('deals as d')
      .select('d.id')
      .where((eb) =>
        eb.or([
          eb('d.upvotes', '!=', sql<number>`(SELECT COUNT(*) FROM votes v WHERE v.deal_id = d.id AND v.vote_type = 1)`),
          eb('d.downvotes', '!=', sql<number>`(SELECT COUNT(*) FROM votes v WHERE v.deal_id = d.id AND v.vote_type = -1)`),
          eb('d.comment_count', '!=', sql<number>`(SELECT COUNT(*) FROM comments c WHERE c.deal_id = d.id)`),
          eb('d.temperature', '!=', sql<number>`d.upvotes - d.downvotes`),
        ]),
      )
      .execute();
    expect(mismatches).toEqual([]);
    const ownVotes = await h.db.kysely.selectFrom('votes as v').innerJoin('deals as d', 'd.id', 'v.deal_id').select('v.id').whereRef('v.user_id', '=', 'd.user_id').execute();
    expect(ownVotes).toEqual([]);
  });

  it('lets a demo member sign in and browse a lively site', async () => {
    const login = await h.request({ method: 'POST', url: '/api/auth/login', payload: { credential: 'bargain_bex', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const list = await h.request({ method: 'GET', url: '/api/deals', token: login.body.data.token });
    expect(list.body.data.totalCount).toBeGreaterThan(100);
    const trending = await h.request({ method: 'GET', url: '/api/deals/trending' });
    expect(trending.body.data).toHaveLength(6);
    const categories = await h.request({ method: 'GET', url: '/api/categories' });
    expect(categories.body.data.every((c: { dealsCount: number }) => c.dealsCount >= 0)).toBe(true);
  });
});
