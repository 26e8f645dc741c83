import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestDeal } from '../../test/fixtures/scrapers-ai/deals.js';
import { loopbackOnlyConnections } from '../../test/fixtures/scrapers-ai/connection-guard.js';
import { chunked, type FixtureServer, jpegImage, pngImage, redirect, send, startServer } from '../../test/fixtures/scrapers-ai/fixture-server.js';
import { createHarness, type Harness } from '../../test/harness.js';
import { logEntry } from '../../test/data/moderation-log.js';
import { IMAGE_MAX_BYTES } from '../../services/safe-fetch/safe-fetch.js';

let images: FixtureServer;
let h: Harness;
let admin: string;

beforeAll(async () => {
  const [png, jpeg] = await Promise.all([pngImage(1600, 900), jpegImage()]);
  images = await startServer({
    '/good.png': send('image/png', png),
    '/good.jpg': send('image/jpeg', jpeg),
    '/page.html': send('text/html', '<html><body>not an image</body></html>'),
    '/mislabelled.png': send('image/png', 'GIF89a but actually text'),
    '/huge.png': chunked('image/png', IMAGE_MAX_BYTES + 512 * 1024, png),
    '/to-private.png': redirect('http://10.0.0.1/x.png'),
  });
  h = await createHarness({ SAFE_FETCH_ALLOW: `127.0.0.1:${images.port}` });
  admin = await h.adminToken();
});
afterAll(async () => {
  await h.close();
  await images.close();
});

const localize = (payload: object, token = admin) => h.request({ method: 'POST', url: '/api/admin/deals/localize-image', token, payload });
const uploadFile = (publicPath: string) => path.join(h.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));

describe('POST /api/admin/deals/localize-image', () => {
  it('downloads, re-encodes with a thumbnail, updates the deal and keeps a backup', async () => {
    const dealId = await insertTestDeal(h, { image_url: `${images.base}/good.png` });
    const res = await localize({ imageUrl: `${images.base}/good.png`, dealId });
    expect(res.status).toBe(200);
    const { imageUrl, thumbnailUrl } = res.body.data;
    expect(imageUrl).toMatch(/^\/uploads\/deals\/.+\.webp$/);
    expect(thumbnailUrl).toMatch(/^\/uploads\/deals\/.+-thumb\.webp$/);
    const meta = await sharp(uploadFile(imageUrl)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 675]);
    expect((await sharp(uploadFile(thumbnailUrl)).metadata()).width).toBe(400);

    const deal = await h.db.kysely.selectFrom('deals').select(['image_url', 'thumbnail_url']).where('id', '=', dealId).executeTakeFirstOrThrow();
    expect(deal).toEqual({ image_url: imageUrl, thumbnail_url: thumbnailUrl });
    const backup = await h.db.kysely.selectFrom('deal_backups').selectAll().where('deal_id', '=', dealId).executeTakeFirstOrThrow();
    expect(backup.reason).toBe('localize-image');
    expect(backup.created_by).toBe(1);
    expect(JSON.parse(backup.data).image_url).toBe(`${images.base}/good.png`);
    const log = await logEntry(h, dealId, 'localize-image');
    expect(JSON.parse(log.after_json!)).toEqual({ image_url: imageUrl, thumbnail_url: thumbnailUrl });
    // The upload is served.
    const served = await h.request({ method: 'GET', url: imageUrl });
    expect(served.status).toBe(200);
  });

  it('accepts a JPEG too', async () => {
    const dealId = await insertTestDeal(h);
    const res = await localize({ imageUrl: `${images.base}/good.jpg`, dealId });
    expect(res.status).toBe(200);
    expect(fs.existsSync(uploadFile(res.body.data.imageUrl))).toBe(true);
  });

  it('refuses what is not an image, and an image over 5 MB, leaving the deal alone', async () => {
    const dealId = await insertTestDeal(h, { image_url: 'https://images.example.com/a.jpg' });
    const html = await localize({ imageUrl: `${images.base}/page.html`, dealId });
    expect([html.status, html.body.error]).toEqual([415, 'That URL did not return an image']);
    const fake = await localize({ imageUrl: `${images.base}/mislabelled.png`, dealId });
    expect([fake.status, fake.body.error]).toEqual([415, 'That URL did not return an image']);
    const huge = await localize({ imageUrl: `${images.base}/huge.png`, dealId });
    expect([huge.status, huge.body.error]).toEqual([413, 'The image is too large (larger than 5 MB)']);
    const missing = await localize({ imageUrl: `${images.base}/missing.png`, dealId });
    expect([missing.status, missing.body.error]).toEqual([502, 'Could not fetch the image: the server answered HTTP 404']);
    const deal = await h.db.kysely.selectFrom('deals').select('image_url').where('id', '=', dealId).executeTakeFirstOrThrow();
    expect(deal.image_url).toBe('https://images.example.com/a.jpg');
    expect(await h.db.kysely.selectFrom('deal_backups').select('id').where('deal_id', '=', dealId).execute()).toEqual([]);
  });

  it('refuses a URL that is not external', async () => {
    const dealId = await insertTestDeal(h);
    for (const imageUrl of ['/uploads/deals/abc.webp', 'uploads/x.png', 'file:///etc/passwd', 'ftp://example.com/a.png']) {
      const res = await localize({ imageUrl, dealId });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Only external image URLs (http or https) can be localized');
    }
  });

  it('refuses private and metadata addresses, also behind a redirect, without connecting to them', async () => {
    const dealId = await insertTestDeal(h);
    const connections = loopbackOnlyConnections();
    try {
      for (const imageUrl of [
        'http://169.254.169.254/latest/meta-data/iam',
        'http://10.0.0.1/a.png',
        'http://[::1]/a.png',
        'http://[::ffff:127.0.0.1]/a.png',
        'http://localhost/a.png',
        `${images.base}/to-private.png`,
      ]) {
        const res = await localize({ imageUrl, dealId });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(/^The image URL is not allowed: Refusing to fetch/);
      }
      // Only the allowed fixture server (first hop of the redirect) was ever connected to.
      expect(connections.hosts).toEqual(['127.0.0.1']);
    } finally {
      connections.restore();
    }
  });

  it('answers 404 for a missing deal, 403 for a member and 400 for a bad body', async () => {
    expect((await localize({ imageUrl: `${images.base}/good.png`, dealId: 999999 })).status).toBe(404);
    const member = await h.createUser();
    expect((await localize({ imageUrl: `${images.base}/good.png`, dealId: 1 }, member.token)).status).toBe(403);
    const bad = await localize({ dealId: 1 });
    expect([bad.status, bad.body.error]).toEqual([400, 'Image URL is required']);
  });
});
