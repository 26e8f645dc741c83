import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { promoteMaturedVotes } from '../../votes/index.js';
import { activate, addAlert, adminEdit, matchedAlerts, type Member, outboxRows, pendingDeal } from '../test-helpers.js';
import { candidateQuery, dealFacts } from './match-deal.js';
import { alertSearchKeys } from '../../../db/migrations/019-alert-search-keys.js';
import { alertKeys } from './terms.js';

describe('alert matching', () => {
  let h: Harness;
  let admin: string;
  let member: Member;
  beforeAll(async () => {
    // Votes from one address are not capped here (the network limit is tested by the votes feature).
    h = await createHarness({ VOTES_PER_NETWORK: '0' });
    admin = await h.adminToken();
    member = await h.createUser();
  });
  afterAll(() => h.close());

  /** A verified member whose account is old enough for whole votes (new accounts' votes count half). */
  async function seasonedMember(): Promise<Member> {
    const m = await h.createUser();
    await h.db.kysely.updateTable('users').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', m.id).execute();
    return m;
  }

  const matchRows = (dealId: number) => h.db.kysely.selectFrom('alert_matches').selectAll().where('deal_id', '=', dealId).orderBy('alert_id').execute();

  it('matches on an admin activation: every word as a word start, accents and plurals folded, filters applied', async () => {
    const m = await h.createUser();
    const yes = [
      await addAlert(h, m, { query: 'air fryer' }),
      await addAlert(h, m, { query: 'NINJA fryers' }), // plural of "fryer"
      await addAlert(h, m, { query: 'ninj' }), // a word start
      await addAlert(h, m, { query: 'cafe' }), // "Café" in the description
      await addAlert(h, m, { query: 'argos air', storeId: 1 }), // the store's name is searched too
      await addAlert(h, m, { query: 'fryer', categoryId: 2, maxPrice: 59.99, frequency: 'daily' }),
    ];
    const no = [
      await addAlert(h, m, { query: 'air oven' }), // one word missing
      await addAlert(h, m, { query: 'ryer' }), // not a word start
      await addAlert(h, m, { query: 'fryer', categoryId: 3 }),
      await addAlert(h, m, { query: 'fryer', storeId: 2 }),
      await addAlert(h, m, { query: 'fryer', maxPrice: 59.98 }),
      await addAlert(h, m, { query: 'fryer', minTemperature: 5 }),
    ];
    const dealId = await pendingDeal(h, {
      title: 'Ninja Air Fryer AF100UK',
      description: 'Perfect for the Café at home',
      category_id: 2,
      store_id: 1,
      price_pence: 5999,
    });
    expect(await matchedAlerts(h, dealId)).toEqual([]);
    await activate(h, dealId);
    expect(await matchedAlerts(h, dealId)).toEqual(yes.map((a) => a.id).sort((a, b) => a - b));
    expect(no.every((a) => !yes.some((y) => y.id === a.id))).toBe(true);

    // Instant alerts: handed to the outbox in the activation's transaction; the daily one waits for its digest.
    const rows = await matchRows(dealId);
    const daily = yes[5].id;
    for (const r of rows) {
      expect(r.via).toBe('activation');
      expect(r.notified_at === null).toBe(Number(r.alert_id) === daily);
    }
    const mails = (await outboxRows(h)).filter((r) => JSON.parse(r.payload).dealId === dealId);
    expect(mails.map((r) => r.kind)).toEqual(Array(5).fill('alert-instant'));
    expect(mails.map((r) => JSON.parse(r.payload).alertId).sort((a: number, b: number) => a - b)).toEqual(
      yes
        .slice(0, 5)
        .map((a) => a.id)
        .sort((a, b) => a - b),
    );
  });

  it('understands alert words as the search does: synonyms, model names, sizes, phrases, exclusions', async () => {
    const m = await h.createUser();
    const yes = [
      await addAlert(h, m, { query: 'telly' }), // synonym of "TV"
      await addAlert(h, m, { query: 'samsung television -refurbished' }),
      await addAlert(h, m, { query: '55 inch' }), // '55"' in the title
      await addAlert(h, m, { query: '"qled tv"' }),
    ];
    const no = [
      await addAlert(h, m, { query: 'samsung -qled' }), // excluded
      await addAlert(h, m, { query: '"tv qled"' }), // not in that order
      await addAlert(h, m, { query: '65 inch tv' }),
    ];
    const tv = await pendingDeal(h, { title: 'Samsung 55" QLED TV', description: 'Quantum dot colour' });
    await activate(h, tv);
    expect(await matchedAlerts(h, tv)).toEqual(yes.map((a) => a.id).sort((a, b) => a - b));
    expect(no.some((a) => yes.some((y) => y.id === a.id))).toBe(false);

    const ps5 = await addAlert(h, m, { query: 'ps5' });
    const notRefurb = await addAlert(h, m, { query: 'playstation5 -refurbished' });
    const console = await pendingDeal(h, { title: 'Sony PlayStation 5 Slim', description: 'Digital edition' });
    const refurb = await pendingDeal(h, { title: 'Refurbished PlayStation 5', description: 'Grade A' });
    await activate(h, console);
    await activate(h, refurb);
    expect(await matchedAlerts(h, console)).toEqual([ps5.id, notRefurb.id]);
    expect(await matchedAlerts(h, refurb)).toEqual([ps5.id]);
    // Out of the way of the tests after this one.
    await h.db.kysely.updateTable('alerts').set({ paused: 1 }).where('user_id', '=', m.id).execute();
  });

  it('refuses an alert of exclusions only, and keys none of its excluded words', async () => {
    const m = await h.createUser();
    const res = await h.request({ method: 'POST', url: '/api/alerts', token: m.token, payload: { query: '-refurbished -used' } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('query');
    expect(res.body.error).toMatch(/not only words to leave out/);
    const a = await addAlert(h, m, { query: 'samsung -refurbished' });
    const row = await h.db.kysely.selectFrom('alerts').select(['match_key', 'match_key2']).where('id', '=', a.id).executeTakeFirstOrThrow();
    expect([row.match_key, row.match_key2]).toEqual(['samsung', '']);
    // "samsung -galaxy" and "samsung galaxy" are different alerts; the same words in another order are not.
    await addAlert(h, m, { query: 'samsung galaxy' });
    const twin = await h.request({ method: 'POST', url: '/api/alerts', token: m.token, payload: { query: 'Refurbished -SAMSUNG' } });
    expect(twin.status).toBe(201);
    const same = await h.request({ method: 'POST', url: '/api/alerts', token: m.token, payload: { query: '-refurbished Samsung' } });
    expect(same.status).toBe(409);
    // Out of the way of the tests after this one.
    await h.db.kysely.updateTable('alerts').set({ paused: 1 }).where('user_id', '=', m.id).execute();
  });

  it('rekeys saved alerts with migration 019 (their excluded words and synonym groups)', async () => {
    const m = await h.createUser();
    const a = await addAlert(h, m, { query: 'samsung -refurbished' });
    const b = await addAlert(h, m, { query: 'sony headphones' });
    // As the old rule keyed them: every word, the minus ignored.
    await h.db.kysely.updateTable('alerts').set({ match_key: 'refurbis', match_key2: 'samsung' }).where('id', '=', a.id).execute();
    await alertSearchKeys(h.db.dialect).up(h.db.kysely);
    const keys = async (id: number) => {
      const r = await h.db.kysely.selectFrom('alerts').select(['query', 'match_key', 'match_key2']).where('id', '=', id).executeTakeFirstOrThrow();
      return [r.match_key, r.match_key2];
    };
    expect(await keys(a.id)).toEqual(['samsung', '']);
    expect(await keys(b.id)).toEqual(alertKeys('sony headphones'));
    const deal = await pendingDeal(h, { title: 'Samsung Galaxy S24', description: 'Unlocked' });
    await activate(h, deal);
    expect(await matchedAlerts(h, deal)).toContain(a.id);
    // Out of the way of the tests after this one.
    await h.db.kysely.updateTable('alerts').set({ paused: 1 }).where('user_id', '=', m.id).execute();
  });

  it('matches a deal an admin creates active, and one an admin edits into active', async () => {
    const m = await h.createUser();
    const alert = await addAlert(h, m, { query: 'dyson v15' });
    const post = (values: Record<string, unknown>) =>
      h.request({
        method: 'POST',
        url: '/api/admin/deals',
        token: admin,
        payload: {
          description: 'Admin posted',
          image_url: 'https://img.example/d.jpg',
          price: 399,
          original_price: 599,
          category_id: 4,
          store_id: 42,
          ...values,
        },
      });
    const created = await post({ title: 'Dyson V15 Detect cordless vacuum', url: 'https://shop.example/dyson' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.status).toBe('active');
    expect(await matchedAlerts(h, created.body.data.id)).toEqual([alert.id]);

    const pending = await post({
      title: 'Dyson V15 refurbished',
      description: 'Pending first',
      url: 'https://shop.example/dyson2',
      price: 299,
      status: 'pending',
    });
    const id = pending.body.data.id;
    expect(await matchedAlerts(h, id)).toEqual([]);
    await adminEdit(h, id, 'pending', { description: 'Now live' });
    expect(await matchedAlerts(h, id)).toEqual([]);
    await adminEdit(h, id, 'active');
    expect(await matchedAlerts(h, id)).toEqual([alert.id]);
  });

  it("leaves out the poster's own alerts, unverified members and paused alerts", async () => {
    const poster = await h.createUser();
    const unverified = await h.createUser();
    const pausedOwner = await h.createUser();
    const own = await addAlert(h, poster, { query: 'kettle' });
    const lapsed = await addAlert(h, unverified, { query: 'kettle' });
    await h.db.kysely.updateTable('users').set({ email_verified_at: null }).where('id', '=', unverified.id).execute();
    const paused = await addAlert(h, pausedOwner, { query: 'kettle', paused: true });
    const pausedLater = await addAlert(h, member, { query: 'kettle' });
    await h.request({ method: 'PUT', url: `/api/alerts/${pausedLater.id}`, token: member.token, payload: { paused: true } });
    const fine = await addAlert(h, await h.createUser(), { query: 'kettle' });

    const dealId = await pendingDeal(h, { title: 'Russell Hobbs kettle', user_id: poster.id });
    await activate(h, dealId);
    expect(await matchedAlerts(h, dealId)).toEqual([fine.id]);
    expect([own.id, lapsed.id, paused.id, pausedLater.id]).not.toContain(fine.id);
  });

  it('matches an alert and a deal once only: activate, expire, reactivate', async () => {
    const m = await h.createUser();
    const alert = await addAlert(h, m, { query: 'toaster' });
    const dealId = await pendingDeal(h, { title: 'Breville toaster' });
    await activate(h, dealId);
    // A deal written straight to the database has no picture; the edit form requires one.
    await adminEdit(h, dealId, 'expired', { imageUrl: 'https://img.example/t.jpg' });
    const row = await h.db.kysely.selectFrom('deals').select('status').where('id', '=', dealId).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    await activate(h, dealId);
    expect((await h.db.kysely.selectFrom('deals').select('status').where('id', '=', dealId).executeTakeFirstOrThrow()).status).toBe('active');
    expect(await matchedAlerts(h, dealId)).toEqual([alert.id]);
    const mails = (await outboxRows(h)).filter((r) => JSON.parse(r.payload).dealId === dealId);
    expect(mails).toHaveLength(1);
  });

  it('fires a minimum-temperature alert when votes first lift a live deal to it, once', async () => {
    const m = await h.createUser();
    const warm = await addAlert(h, m, { query: 'headphones', minTemperature: 2 });
    const plain = await addAlert(h, m, { query: 'headphones' });
    const hotter = await addAlert(h, m, { query: 'headphones', minTemperature: 3 });
    const dealId = await pendingDeal(h, { title: 'Sony WH-1000XM5 headphones' });
    await activate(h, dealId);
    expect(await matchedAlerts(h, dealId)).toEqual([plain.id]);

    const vote = async (voter: Member, voteType: 1 | -1) => {
      const res = await h.request({ method: 'POST', url: '/api/votes', token: voter.token, payload: { dealId, voteType } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.totalVotes as number;
    };
    const voters = await Promise.all([1, 2, 3, 4, 5].map(() => seasonedMember()));
    expect(await vote(voters[0], 1)).toBe(1);
    expect(await matchedAlerts(h, dealId)).toEqual([plain.id]);
    expect(await vote(voters[1], 1)).toBe(2);
    expect(await matchedAlerts(h, dealId)).toEqual([warm.id, plain.id].sort((a, b) => a - b));
    const byVote = (await matchRows(dealId)).find((r) => Number(r.alert_id) === warm.id);
    expect(byVote?.via).toBe('temperature');
    // Down to 1 and back up to 2: no second match for the same alert and deal.
    expect(await vote(voters[2], -1)).toBe(1);
    expect(await vote(voters[3], 1)).toBe(2);
    expect(await vote(voters[4], 1)).toBe(3);
    expect(await matchedAlerts(h, dealId)).toEqual([warm.id, plain.id, hotter.id].sort((a, b) => a - b));
    const mails = (await outboxRows(h)).filter((r) => JSON.parse(r.payload).dealId === dealId);
    expect(mails).toHaveLength(3);

    // A deal activated already at the temperature matches at once.
    const hotDeal = await pendingDeal(h, { title: 'Bose headphones', temperature: 7, upvotes: 7 });
    await activate(h, hotDeal);
    expect(await matchedAlerts(h, hotDeal)).toEqual([warm.id, plain.id, hotter.id].sort((a, b) => a - b));
  });

  it("fires a minimum-temperature alert when new members' half votes become whole and lift the deal to it", async () => {
    const m = await h.createUser();
    const alert = await addAlert(h, m, { query: 'gazebo', minTemperature: 2 });
    const dealId = await pendingDeal(h, { title: 'Pop-up gazebo 3x3m' });
    await activate(h, dealId);
    // Two accounts younger than a day: their upvotes count half, the deal stays at 1.
    for (const voter of [await h.createUser(), await h.createUser()]) {
      const res = await h.request({ method: 'POST', url: '/api/votes', token: voter.token, payload: { dealId, voteType: 1 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await h.db.kysely.selectFrom('deals').select('temperature').where('id', '=', dealId).executeTakeFirstOrThrow()).temperature).toBe(1);
    expect(await matchedAlerts(h, dealId)).toEqual([]);
    // A day later the votes count whole: 1 -> 2 outside any vote, and the alert matches then.
    await promoteMaturedVotes(h.app.deps, Date.now() + 25 * 3600_000);
    expect((await h.db.kysely.selectFrom('deals').select('temperature').where('id', '=', dealId).executeTakeFirstOrThrow()).temperature).toBe(2);
    expect(await matchedAlerts(h, dealId)).toEqual([alert.id]);
  });

  it('records nothing when the activation fails: matches and mails roll back with it', async () => {
    const m = await h.createUser();
    await addAlert(h, m, { query: 'blender' });
    const dealId = await pendingDeal(h, { title: 'Nutribullet blender' });
    const stop = h.app.deps.events.inTransaction('deal.activated', async () => {
      throw new Error('a later subscriber fails');
    });
    const before = (await outboxRows(h)).length;
    try {
      const res = await h.request({ method: 'POST', url: `/api/admin/deals/${dealId}/activate`, token: admin, payload: {} });
      expect(res.status).toBe(500);
    } finally {
      stop();
    }
    expect((await h.db.kysely.selectFrom('deals').select('status').where('id', '=', dealId).executeTakeFirstOrThrow()).status).toBe('pending');
    expect(await matchedAlerts(h, dealId)).toEqual([]);
    expect((await outboxRows(h)).length).toBe(before);
    await activate(h, dealId);
    expect(await matchedAlerts(h, dealId)).toHaveLength(1);
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)('finds candidates through the match-key index, never by reading every alert (SQLite plan)', async () => {
    const s = h.db.sqlite!;
    s.exec('ANALYZE');
    const deal = {
      title: 'Ninja Air Fryer',
      description: 'Great deal',
      store_name: 'Argos',
      category_name: 'Home',
      category_id: 2,
      store_id: 1,
      price_pence: 5000,
      temperature: 0,
      user_id: 5,
    };
    const plan = (via: 'activation' | 'temperature') => {
      const c = candidateQuery('sqlite', deal, dealFacts(deal), via, 0).compile(h.db.kysely);
      return (s.prepare(`EXPLAIN QUERY PLAN ${c.sql}`).all(...(c.parameters as unknown[])) as Array<{ detail: string }>).map((r) => r.detail);
    };
    for (const via of ['activation', 'temperature'] as const) {
      const p = plan(via);
      expect(p[0], p.join('\n')).toMatch(/^SCAN k VIRTUAL TABLE/);
      expect(p.join('\n'), via).toMatch(/SEARCH a USING INDEX alerts_match_key_idx \(match_key=\?\)/);
      expect(
        p.some((d) => /^SCAN a\b/.test(d)),
        p.join('\n'),
      ).toBe(false);
    }
  });
});
