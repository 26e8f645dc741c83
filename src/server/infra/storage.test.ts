import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type S3Server } from '../scale/services.js';
import { createHarness, type Harness } from '../test/harness.js';
import { isStorageKey, keyOfPublicPath, LocalStorage, moveLocalUploads, S3Storage, type UploadStorage } from './storage.js';

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
});

const png = (hue = 120) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: hue, g: 80, b: 200 } } })
    .png()
    .toBuffer();

/** A client of the test bucket (the S3 server these tests start). */
const testBucket = () =>
  new S3Storage({ endpoint: s3.endpoint, region: 'us-east-1', bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

describe('storage keys', () => {
  it('accepts plain paths and refuses traversal, dot-files and odd characters', () => {
    expect(isStorageKey('deals/abc-1.webp')).toBe(true);
    for (const bad of ['', '../x', 'deals/../x', 'deals/.hidden', '/deals/x', 'deals//x', 'deals/a b.webp', 'deals/%2e%2e'])
      expect(isStorageKey(bad)).toBe(false);
    expect(keyOfPublicPath('/uploads/deals/x.webp')).toBe('deals/x.webp');
    expect(keyOfPublicPath('/uploads/../etc/passwd')).toBeNull();
    expect(keyOfPublicPath('https://example.test/uploads/x.webp')).toBeNull();
  });
});

// One contract, both backends.
for (const kind of ['local', 's3'] as const) {
  describe(`${kind} storage`, () => {
    let storage: UploadStorage;
    let dir: string;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-storage-'));
      storage = kind === 'local' ? new LocalStorage(dir) : testBucket();
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('puts, reads, sizes, copies and removes files', async () => {
      const body = Buffer.from(`hello ${kind}`);
      expect(await storage.exists('deals/one.webp')).toBe(false);
      expect(await storage.size('deals/one.webp')).toBeNull();
      expect(await storage.get('deals/one.webp')).toBeNull();

      await storage.put('deals/one.webp', body, 'image/webp');
      expect(await storage.exists('deals/one.webp')).toBe(true);
      expect(await storage.size('deals/one.webp')).toBe(body.length);
      const got = await storage.get('deals/one.webp');
      expect(got?.contentType).toBe('image/webp');
      expect(await readAll(got!.body)).toEqual(body);

      await storage.copy('deals/one.webp', 'deals/two.webp');
      expect(await readAll((await storage.get('deals/two.webp'))!.body)).toEqual(body);

      await storage.remove('deals/one.webp');
      await storage.remove('deals/one.webp'); // a missing key is not an error
      expect(await storage.exists('deals/one.webp')).toBe(false);
      expect(await storage.exists('deals/two.webp')).toBe(true);
    });

    it('refuses keys outside the uploads', async () => {
      await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid storage key/);
      expect(await storage.exists('../escape.webp')).toBe(false);
      expect(fs.existsSync(path.join(dir, '..', 'escape.webp'))).toBe(false);
    });

    it('answers the readiness check', async () => {
      await expect(storage.check(1000)).resolves.toBeUndefined();
    });
  });
}

describe('S3 storage when the server is gone', () => {
  it('fails the readiness check within the time given', async () => {
    const dead = new S3Storage({ endpoint: 'http://127.0.0.1:9', region: 'us-east-1', bucket: 'nothing-here', accessKeyId: 'x', secretAccessKey: 'y' });
    const started = Date.now();
    await expect(dead.check(500)).rejects.toThrow(/bucket "nothing-here"/);
    expect(Date.now() - started).toBeLessThan(1500);
    dead.close();
  });
});

describe('moving local uploads into the bucket', () => {
  it('uploads every local file, then removes it locally', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-move-'));
    fs.mkdirSync(path.join(dir, 'deals'));
    fs.writeFileSync(path.join(dir, 'deals', 'demo-1.webp'), 'one');
    fs.writeFileSync(path.join(dir, 'deals', 'demo-1-thumb.webp'), 'thumb');
    const target = testBucket();
    expect(await moveLocalUploads(dir, target)).toBe(2);
    expect(await target.size('deals/demo-1.webp')).toBe(3);
    expect(await target.size('deals/demo-1-thumb.webp')).toBe(5);
    expect(fs.existsSync(path.join(dir, 'deals', 'demo-1.webp'))).toBe(false);
    expect(await moveLocalUploads(dir, target)).toBe(0);
    target.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the site with STORAGE=s3', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await createHarness({ ...s3.env });
    admin = await h.adminToken();
  });
  afterAll(() => h?.close());

  const upload = async (token: string, bytes: Buffer, url = '/api/deals/upload-image', field = 'image') => {
    const boundary = '----quidsin-test';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return h.request({ method: 'POST', url, token, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  };

  it('stores a deal image in the bucket (not on disk) and serves it under /uploads/', async () => {
    const res = await upload(admin, await png());
    expect(res.status).toBe(200);
    const { imageUrl, thumbnailUrl } = res.body.data;
    expect(imageUrl).toMatch(/^\/uploads\/deals\/[\w-]+\.webp$/);
    expect(fs.existsSync(path.join(h.config.uploadsDir, imageUrl.slice('/uploads/'.length)))).toBe(false);

    const bucket = testBucket();
    const stored = await readAll((await bucket.get(keyOfPublicPath(imageUrl)!))!.body);
    expect(await bucket.exists(keyOfPublicPath(thumbnailUrl)!)).toBe(true);
    bucket.close();

    const served = await h.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(stored)).toBe(true);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const again = await h.app.inject({ method: 'GET', url: imageUrl, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await h.app.inject({ method: 'GET', url: '/uploads/deals/missing.webp' })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/uploads/deals/..%2f..%2fetc/passwd' })).statusCode).toBe(404);
  });

  it('accepts a deal whose upload is in the bucket, copies it for the team, and removes it with the deal', async () => {
    const member = await h.createUser();
    const up = await upload(member.token, await png(30));
    expect(up.status).toBe(200);
    const deal = {
      title: 'Bucket kettle',
      description: 'A kettle whose picture lives in S3',
      price: 10,
      original_price: 20,
      url: 'https://shop.example.test/kettle',
      category_id: 1,
      store_id: 1,
      image_url: up.body.data.imageUrl,
    };
    const posted = await h.request({ method: 'POST', url: '/api/deals', token: member.token, payload: deal });
    expect(posted.status).toBe(201);
    const id = posted.body.data.id;
    expect(id).toBeGreaterThan(0);

    // The team using the same picture on another deal gets its own copy (CopyObject in the bucket).
    const copy = await h.request({
      method: 'POST',
      url: '/api/admin/deals',
      token: admin,
      payload: { ...deal, title: 'Bucket kettle again', url: 'https://shop.example.test/kettle-2', status: 'active' },
    });
    expect(copy.status).toBe(201);
    const copyId = copy.body.data.id;
    const row = await h.db.kysely.selectFrom('deals').select(['image_url']).where('id', '=', copyId).executeTakeFirstOrThrow();
    expect(row.image_url).not.toBe(deal.image_url);
    expect((await h.app.inject({ method: 'GET', url: row.image_url! })).statusCode).toBe(200);

    // The site's feed gives the active copy's picture as an enclosure with its size in the bucket.
    const bucket = testBucket();
    const bytes = await bucket.size(keyOfPublicPath(row.image_url)!);
    bucket.close();
    expect(bytes).toBeGreaterThan(0);
    const feed = await h.app.inject({ method: 'GET', url: '/feeds/deals.xml' });
    expect(feed.statusCode).toBe(200);
    const enclosure = feed.body
      .split('<enclosure ')
      .slice(1)
      .map((rest) => rest.slice(0, rest.indexOf('>')))
      .find((tag) => tag.includes(`${row.image_url}"`));
    expect(enclosure).toContain(`length="${bytes}"`);

    // A path that is not in the bucket is refused with the form's message.
    const missing = await h.request({
      method: 'POST',
      url: '/api/deals',
      token: member.token,
      payload: { ...deal, url: 'https://shop.example.test/other-kettle', image_url: '/uploads/deals/not-there.webp' },
    });
    expect(missing.status).toBe(400);

    expect((await h.request({ method: 'DELETE', url: `/api/admin/deals/${id}`, token: admin })).status).toBe(200);
    let gone = 0;
    for (let i = 0; i < 50 && gone !== 404; i++) {
      gone = (await h.app.inject({ method: 'GET', url: deal.image_url })).statusCode;
      if (gone !== 404) await new Promise((r) => setTimeout(r, 50));
    }
    expect(gone).toBe(404);
  });

  it('redirects /uploads/ to S3_PUBLIC_URL when one is set', async () => {
    const h2 = await createHarness({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.test/quidsin/' });
    try {
      const res = await h2.app.inject({ method: 'GET', url: '/uploads/deals/abc.webp' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://cdn.example.test/quidsin/deals/abc.webp');
    } finally {
      await h2.close();
    }
  });
});
