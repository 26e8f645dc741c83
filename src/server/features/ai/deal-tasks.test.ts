import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import { insertTestDeal } from '../../test/fixtures/scrapers-ai/deals.js';
import { fixture, type FixtureServer, pngImage, send, startServer } from '../../test/fixtures/scrapers-ai/fixture-server.js';
import { createHarness, type Harness, useHarness } from '../../test/harness.js';
import { generateDealDescription, improveDealTitle, localizeDealImage } from './deal-tasks.js';

let web: FixtureServer;
beforeAll(async () => {
  web = await startServer({
    '/p/jsonld': send('text/html', fixture('product-jsonld.html')),
    '/p/bare': send('text/html', fixture('product-bare.html')),
    '/img.png': send('image/png', await pngImage()),
    '/v1/chat/completions': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content: 'Here are some options:\n**Option 1:** Sony WH-1000XM5 Headphones\nOption 2: Sony XM5' } }],
        }),
      );
    },
  });
});
afterAll(() => web.close());

const backups = (h: Harness, dealId: number) =>
  h.db.kysely.selectFrom('deal_backups').select(['reason', 'created_by', 'data']).where('deal_id', '=', dealId).orderBy('id').execute();
const logs = (h: Harness, dealId: number) =>
  h.db.kysely.selectFrom('moderation_log').select(['action', 'actor_id', 'before_json', 'after_json']).where('entity_id', '=', dealId).orderBy('id').execute();

describe('activation deal tasks, offline mode', () => {
  const { h } = useHarness({ env: () => ({ SAFE_FETCH_ALLOW: `127.0.0.1:${web.port}` }) });

  it('improves the title, keeping a backup and a log entry', async () => {
    const dealId = await insertTestDeal(h);
    const result = await improveDealTitle(h.app.deps, dealId, 1);
    expect(result).toEqual({ ok: true, changed: true, title: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones' });
    const deal = await h.db.kysely.selectFrom('deals').select('title').where('id', '=', dealId).executeTakeFirstOrThrow();
    expect(deal.title).toBe(result.title);
    const [backup] = await backups(h, dealId);
    expect(backup.reason).toBe('ai-title');
    expect(JSON.parse(backup.data).title).toMatch(/Lowest Ever Price £249 @ Currys$/);
    const [log] = await logs(h, dealId);
    expect([log.action, log.actor_id, JSON.parse(log.after_json!)]).toEqual(['ai-title', 1, { title: result.title }]);
    // Running it again has nothing left to do.
    expect(await improveDealTitle(h.app.deps, dealId, 1)).toMatchObject({ ok: true, changed: false });
    expect(await backups(h, dealId)).toHaveLength(1);
  });

  it('writes the description from the product page', async () => {
    const dealId = await insertTestDeal(h, { url: `${web.base}/p/jsonld` });
    const result = await generateDealDescription(h.app.deps, dealId, 2);
    expect(result.changed).toBe(true);
    expect(result.description).toMatch(/^Industry-leading noise cancellation/);
    expect((await backups(h, dealId)).map((b) => [b.reason, b.created_by])).toEqual([['ai-description', 2]]);
    expect((await logs(h, dealId)).map((l) => l.action)).toEqual(['ai-description']);
  });

  it('throws a clear HttpError and changes nothing when the page has no description', async () => {
    const dealId = await insertTestDeal(h, { url: `${web.base}/p/bare` });
    const err = await generateDealDescription(h.app.deps, dealId, 1).catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect([err.statusCode, err.message]).toEqual([422, 'No product description was found on that page']);
    expect(await backups(h, dealId)).toEqual([]);
  });

  it('localizes an external image and leaves a local one alone', async () => {
    const dealId = await insertTestDeal(h, { image_url: `${web.base}/img.png` });
    const result = await localizeDealImage(h.app.deps, dealId, 1);
    expect(result).toMatchObject({ ok: true, changed: true, imageUrl: expect.stringMatching(/^\/uploads\/deals\//) });
    expect((await backups(h, dealId)).map((b) => b.reason)).toEqual(['localize-image']);
    expect(await localizeDealImage(h.app.deps, dealId, 1)).toEqual({
      ok: true,
      changed: false,
      reason: 'The image is already local',
      imageUrl: result.imageUrl,
    });
    const noImage = await insertTestDeal(h, { image_url: null });
    expect(await localizeDealImage(h.app.deps, noImage, 1)).toEqual({ ok: true, changed: false, reason: 'The deal has no image' });
  });

  it('a missing deal is a 404', async () => {
    const err = await improveDealTitle(h.app.deps, 987654, 1).catch((e) => e);
    expect([err.statusCode, err.message]).toEqual([404, 'Deal not found']);
  });
});

describe('activation deal tasks with an AI service', () => {
  it('cleans the model reply into a single title', async () => {
    const h = await createHarness({ AI_BASE_URL: `${web.base}/v1` });
    try {
      const dealId = await insertTestDeal(h);
      expect(await improveDealTitle(h.app.deps, dealId, 1)).toEqual({ ok: true, changed: true, title: 'Sony WH-1000XM5 Headphones' });
    } finally {
      await h.close();
    }
  });
});
