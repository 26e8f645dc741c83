import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { insertDeal } from '../../../test/data/insert-deal.js';
import { pngBytes } from '../../../test/data/uploads.js';

describe('POST /admin/deals/:id/activate', () => {
  let h: Harness;
  let admin: string;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const png = await pngBytes(64, 48);
    server = http.createServer((req, res) => {
      if (req.url === '/img.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
    h = await createHarness({ SAFE_FETCH_ALLOW: `127.0.0.1:${port}` });
    admin = await h.adminToken();
  });
  afterAll(async () => {
    await h.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const activate = (id: number, payload?: object) => h.request({ method: 'POST', url: `/api/admin/deals/${id}/activate`, token: admin, payload });
  const deal = (id: number) => h.db.kysely.selectFrom('deals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('activates a pending deal in one step: status, publication time, hot score, backup and log', async () => {
    const id = await insertDeal(h, { status: 'pending', published_at: '2024-01-01T00:00:00.000Z', temperature: 10, upvotes: 10 });
    const before = Date.now();
    const res = await activate(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      activated: true,
      previousStatus: 'pending',
      tasks: {},
      message: 'Deal activated successfully',
      deal: { id, status: 'active', isPending: false },
    });
    const row = await deal(id);
    expect(row.status).toBe('active');
    expect(Date.parse(row.published_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(row.hot_score).toBeCloseTo(1 + Date.parse(row.published_at) / 1000 / 45000, 6);
    const backup = await h.db.kysely.selectFrom('deal_backups').selectAll().where('deal_id', '=', id).executeTakeFirstOrThrow();
    expect(backup.reason).toBe('activate');
    expect(JSON.parse(backup.data).status).toBe('pending');
    const log = await h.db.kysely.selectFrom('moderation_log').selectAll().where('entity_id', '=', id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'activate', actor_id: 1 });
    expect(JSON.parse(log.before_json!)).toMatchObject({ status: 'pending' });
    expect(JSON.parse(log.after_json!)).toMatchObject({ status: 'active' });
  });

  it('runs the requested tasks after the activation and reports a failing one without undoing anything', async () => {
    const id = await insertDeal(h, {
      status: 'pending',
      title: 'Samsung 55 inch QLED TV',
      url: 'http://127.0.0.1:1/product', // not reachable and not allowed: the description task fails
      image_url: `${base}/img.png`,
    });
    const res = await activate(id, { processTasks: { improveTitle: true, generateDescription: true, localizeImage: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { tasks } = res.body.data;
    expect(Object.keys(tasks)).toEqual(['improveTitle', 'generateDescription', 'localizeImage']);
    expect(tasks.improveTitle.ok).toBe(true);
    expect(tasks.generateDescription.ok).toBe(false);
    expect(typeof tasks.generateDescription.error).toBe('string');
    expect(tasks.generateDescription.error.length).toBeGreaterThan(0);
    expect(tasks.localizeImage).toMatchObject({ ok: true, changed: true });
    const row = await deal(id);
    expect(row.status).toBe('active');
    expect(row.image_url).toMatch(/^\/uploads\/deals\/.+\.webp$/);
    expect(fs.existsSync(path.join(h.config.uploadsDir, row.image_url!.slice('/uploads/'.length)))).toBe(true);
    expect(res.body.data.deal.imageUrl).toBe(row.image_url);
  });

  it('keeps the deal active when the image cannot be localized', async () => {
    const id = await insertDeal(h, { status: 'pending', image_url: 'http://127.0.0.1:1/unreachable.jpg' });
    const res = await activate(id, { processTasks: { localizeImage: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.activated).toBe(true);
    expect(res.body.data.tasks).toEqual({ localizeImage: { ok: false, error: expect.any(String) } });
    const row = await deal(id);
    expect(row.status).toBe('active');
    expect(row.image_url).toBe('http://127.0.0.1:1/unreachable.jpg');
  });

  it('rolls the whole activation back when any part of it fails', async () => {
    const id = await insertDeal(h, { status: 'pending', title: 'Boom deal' });
    if (h.dialect === 'sqlite') {
      await sql`CREATE TRIGGER fail_log BEFORE INSERT ON moderation_log WHEN NEW.entity_title = 'Boom deal' BEGIN SELECT RAISE(ABORT, 'boom'); END`.execute(
        h.db.kysely,
      );
    } else {
      await sql`CREATE FUNCTION fail_log() RETURNS trigger AS $$ BEGIN IF NEW.entity_title = 'Boom deal' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
        h.db.kysely,
      );
      await sql`CREATE TRIGGER fail_log BEFORE INSERT ON moderation_log FOR EACH ROW EXECUTE FUNCTION fail_log()`.execute(h.db.kysely);
    }
    try {
      const res = await activate(id, { processTasks: { improveTitle: true } });
      expect(res.status).toBe(500);
      expect(res.body.success).toBe(false);
      const row = await deal(id);
      expect(row.status).toBe('pending');
      expect(row.title).toBe('Boom deal');
      expect(await h.db.kysely.selectFrom('deal_backups').select('id').where('deal_id', '=', id).execute()).toHaveLength(0);
    } finally {
      await sql`DROP TRIGGER fail_log${h.dialect === 'postgres' ? sql` ON moderation_log` : sql``}`.execute(h.db.kysely);
    }
  });

  it('reinstates an expired or rejected deal, leaves an active one alone and refuses a deleted one', async () => {
    const expired = await insertDeal(h, { status: 'expired', published_at: '2024-02-02T00:00:00.000Z' });
    const res = await activate(expired);
    expect(res.body.data).toMatchObject({ activated: true, previousStatus: 'expired' });
    expect((await deal(expired)).published_at).toBe('2024-02-02T00:00:00.000Z');

    const rejected = await insertDeal(h, { status: 'rejected', published_at: '2024-02-02T00:00:00.000Z' });
    expect((await activate(rejected)).body.data.activated).toBe(true);
    expect((await deal(rejected)).published_at).not.toBe('2024-02-02T00:00:00.000Z');

    const active = await insertDeal(h, { status: 'active' });
    const again = await activate(active);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ activated: false, previousStatus: 'active', message: 'Deal is already active' });
    expect(await h.db.kysely.selectFrom('moderation_log').select('id').where('entity_id', '=', active).execute()).toHaveLength(0);

    const deleted = await insertDeal(h, { status: 'deleted' });
    const refused = await activate(deleted);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('A deleted deal cannot be activated');
    expect((await deal(deleted)).status).toBe('deleted');

    expect((await activate(999999)).status).toBe(404);
  });

  it('refuses a malformed task list', async () => {
    const id = await insertDeal(h, { status: 'pending' });
    const res = await activate(id, { processTasks: { improveTitle: 'yes please' } });
    expect(res.status).toBe(400);
    expect((await deal(id)).status).toBe('pending');
  });
});
