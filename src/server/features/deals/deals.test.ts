import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { insertDeal, multipart, pngBytes, uploadDealImage, validDealPayload } from '../../test/data/deal-helpers.js';

describe('deals API', () => {
  const {
    h,
    members: [member, other],
    moderators: [moderator],
  } = useHarness({ members: 2, moderators: 1, env: { AMAZON_TAG: 'quidsin-21' } });

  it('uploads an image checked by content, not by name, and refuses big files', async () => {
    const up = await uploadDealImage(h, member.token);
    expect(up.imageUrl).toMatch(/^\/uploads\/deals\/.+\.webp$/);
    expect(up.thumbnailUrl).toMatch(/-thumb\.webp$/);
    expect(fs.existsSync(path.join(h.config.uploadsDir, up.imageUrl.slice('/uploads/'.length)))).toBe(true);

    const fake = multipart('image', 'cat.png', 'image/png', Buffer.from('<html>not an image</html>'));
    const refused = await h.request({ method: 'POST', url: '/api/deals/upload-image', token: member.token, ...fake });
    expect(refused.status).toBe(415);
    expect(refused.body.error).toBe('Selected file must be an image');

    const big = multipart('image', 'big.png', 'image/png', Buffer.concat([await pngBytes(), Buffer.alloc(2 * 1024 * 1024 + 10)]));
    const tooBig = await h.request({ method: 'POST', url: '/api/deals/upload-image', token: member.token, ...big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('Image size must be less than 2MB');

    const visitor = await h.request({ method: 'POST', url: '/api/deals/upload-image', ...multipart('image', 'a.png', 'image/png', await pngBytes()) });
    expect(visitor.status).toBe(401);
  });

  it('creates a pending deal for a member and shows it only to the owner and the team', async () => {
    const image = await uploadDealImage(h, member.token);
    const created = await h.request({ method: 'POST', url: '/api/deals', token: member.token, payload: validDealPayload(image, { status: 'active' }) });
    expect(created.status).toBe(201);
    const deal = created.body.data;
    expect(deal).toMatchObject({
      status: 'pending',
      isPending: true,
      price: 59.99,
      originalPrice: 99.99,
      userUsername: member.username,
      category: { id: 1, name: 'Electronics' },
      store: { id: 42, name: 'Amazon UK' },
      temperature: 0,
      commentCount: 0,
      totalVotes: 0,
    });
    expect(deal.outboundUrl).toContain('tag=quidsin-21');

    const asOwner = await h.request({ method: 'GET', url: `/api/deals/${deal.id}`, token: member.token });
    expect(asOwner.status).toBe(200);
    const asModerator = await h.request({ method: 'GET', url: `/api/deals/${deal.id}`, token: moderator.token });
    expect(asModerator.status).toBe(200);
    for (const token of [undefined, other.token]) {
      const res = await h.request({ method: 'GET', url: `/api/deals/${deal.id}`, token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'No such active deal currently', isPendingDeal: true });
    }
    const mine = await h.request({ method: 'GET', url: '/api/user/deals', token: member.token });
    expect(mine.body.data.map((d: { id: number }) => d.id)).toContain(deal.id);
  });

  it('lets an admin choose the status on create', async () => {
    const admin = await h.adminToken();
    const image = await uploadDealImage(h, admin);
    const res = await h.request({ method: 'POST', url: '/api/deals', token: admin, payload: validDealPayload(image, { status: 'active' }) });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('active');
  });

  it('refuses images that are not our uploads and enforces the form rules', async () => {
    const image = await uploadDealImage(h, member.token);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ image_url: '/uploads/deals/does-not-exist.webp', thumbnail_url: null }, 'Please upload an image for the deal'],
      [{ image_url: '/uploads/avatars/x.webp', thumbnail_url: null }, 'Please upload an image for the deal'],
      [{ image_url: 'https://evil.example/x.png', thumbnail_url: null }, 'Please upload an image for the deal'],
      [{ title: '' }, 'Title is required'],
      [{ title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
      [{ url: 'not a url' }, 'Must be a valid URL'],
      [{ price: -1 }, 'Price must be positive'],
      [{ category_id: 0 }, 'Please select a category'],
      [{ category_id: 999 }, 'Please select a category'],
      [{ store_id: 999 }, 'Please select a store'],
      [{ coupon: 'C'.repeat(51) }, 'Coupon code must be at most 50 characters'],
      [{ expires_at: '2001-01-01T00:00:00Z' }, 'Expiration date must be in the future'],
    ];
    for (const [overrides, message] of cases) {
      const res = await h.request({ method: 'POST', url: '/api/deals', token: member.token, payload: validDealPayload(image, overrides) });
      expect(res.status, message).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });

  it('answers 404 for a missing deal and 400 for a garbage id, never 500', async () => {
    const missing = await h.request({ method: 'GET', url: '/api/deals/987654' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Deal not found');
    for (const id of ['abc', '-1', '1.5', '99999999999999']) {
      const res = await h.request({ method: 'GET', url: `/api/deals/${id}` });
      expect([400, 404]).toContain(res.status);
    }
  });

  it('lets the owner edit (pending stays pending) and moderators edit anything but the status, logging the team edit', async () => {
    const image = await uploadDealImage(h, member.token);
    const created = (await h.request({ method: 'POST', url: '/api/deals', token: member.token, payload: validDealPayload(image) })).body.data;
    const edit = await h.request({
      method: 'PUT',
      url: `/api/deals/${created.id}`,
      token: member.token,
      payload: validDealPayload(image, { title: 'Edited by owner', status: 'active' }),
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ title: 'Edited by owner', status: 'pending' });

    const stranger = await h.request({ method: 'PUT', url: `/api/deals/${created.id}`, token: other.token, payload: validDealPayload(image) });
    expect(stranger.status).toBe(403);

    // Activation is an admin's decision on every route: a moderator's edit keeps the deal pending.
    const modEdit = await h.request({
      method: 'PUT',
      url: `/api/deals/${created.id}`,
      token: moderator.token,
      payload: validDealPayload(image, { title: 'Approved', status: 'active' }),
    });
    expect(modEdit.body.data).toMatchObject({ title: 'Approved', status: 'pending' });
    const log = await h.db.kysely.selectFrom('moderation_log').selectAll().where('entity_id', '=', created.id).where('entity_type', '=', 'deal').execute();
    expect(log.map((l) => l.action)).toEqual(['edit']);
    const backups = await h.db.kysely.selectFrom('deal_backups').select('reason').where('deal_id', '=', created.id).execute();
    expect(backups.map((b) => b.reason).sort()).toEqual(['admin-edit', 'owner-edit']);
  });

  it('lets only an admin change the status through the member route, publishing the deal then', async () => {
    const image = await uploadDealImage(h, member.token);
    const created = (await h.request({ method: 'POST', url: '/api/deals', token: member.token, payload: validDealPayload(image) })).body.data;
    const admin = await h.adminToken();
    const res = await h.request({ method: 'PUT', url: `/api/deals/${created.id}`, token: admin, payload: validDealPayload(image, { status: 'active' }) });
    expect(res.body.data).toMatchObject({ status: 'active' });
    const row = await h.db.kysely.selectFrom('deals').select(['published_at', 'created_at']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.published_at >= row.created_at).toBe(true);
  });

  it('deletes a deal with its votes, saves, comments, backups and image files', async () => {
    const admin = await h.adminToken();
    const image = await uploadDealImage(h, admin);
    const id = (await h.request({ method: 'POST', url: '/api/deals', token: admin, payload: validDealPayload(image, { status: 'active' }) })).body.data.id;
    await h.request({ method: 'POST', url: '/api/votes', token: other.token, payload: { dealId: id, voteType: 1 } });
    await h.request({ method: 'POST', url: `/api/deals/${id}/save`, token: other.token });
    await h.request({ method: 'POST', url: '/api/comments', token: other.token, payload: { dealId: id, text: 'Nice' } });
    await h.request({ method: 'PUT', url: `/api/deals/${id}`, token: admin, payload: validDealPayload(image, { title: 'Changed' }) });

    expect((await h.request({ method: 'DELETE', url: `/api/deals/${id}`, token: other.token })).status).toBe(403);
    const del = await h.request({ method: 'DELETE', url: `/api/deals/${id}`, token: moderator.token });
    expect(del.status).toBe(200);
    for (const table of ['votes', 'saved_deals', 'comments', 'deal_backups'] as const) {
      const left = await h.db.kysely.selectFrom(table).select('deal_id').where('deal_id', '=', id).execute();
      expect(left, table).toHaveLength(0);
    }
    expect(fs.existsSync(path.join(h.config.uploadsDir, image.imageUrl.slice('/uploads/'.length)))).toBe(false);
    expect(fs.existsSync(path.join(h.config.uploadsDir, image.thumbnailUrl.slice('/uploads/'.length)))).toBe(false);
    expect((await h.request({ method: 'GET', url: `/api/deals/${id}` })).status).toBe(404);
    const log = await h.db.kysely.selectFrom('moderation_log').select('action').where('entity_id', '=', id).where('action', '=', 'delete').execute();
    expect(log).toHaveLength(1);
  });

  it('saves idempotently and lists saved deals', async () => {
    const id = await insertDeal(h, { title: 'Saved thing' });
    for (let i = 0; i < 2; i++) expect((await h.request({ method: 'POST', url: `/api/deals/${id}/save`, token: other.token })).status).toBe(200);
    const page = await h.request({ method: 'GET', url: '/api/deals/saved', token: other.token });
    expect(page.body.data).toMatchObject({ totalCount: 1, page: 1, pageSize: 30, totalPages: 1 });
    expect(page.body.data.deals[0]).toMatchObject({ id, isSaved: true });
    const all = await h.request({ method: 'GET', url: '/api/users/me/saved-deals', token: other.token });
    expect(all.body.data.map((d: { id: number }) => d.id)).toEqual([id]);
    const detail = await h.request({ method: 'GET', url: `/api/deals/${id}`, token: other.token });
    expect(detail.body.data.isSaved).toBe(true);
    for (let i = 0; i < 2; i++) expect((await h.request({ method: 'DELETE', url: `/api/deals/${id}/save`, token: other.token })).status).toBe(200);
    expect((await h.request({ method: 'GET', url: '/api/users/me/saved-deals', token: other.token })).body.data).toEqual([]);
    const visitor = await h.request({ method: 'POST', url: `/api/deals/${id}/save` });
    expect(visitor).toMatchObject({ status: 401, body: { error: 'Please log in to save deals' } });
  });
});
