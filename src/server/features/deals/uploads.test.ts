import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { insertDeal, uploadDealImage, validDealPayload } from '../../test/data/deal-helpers.js';

/** An upload belongs to its uploader and to one deal (migration 004): no one shows another's picture, no delete takes another's. */
describe('deal uploads belong to their uploader and to one deal', () => {
  const {
    h,
    members: [alice, bob],
    moderators: [moderator],
  } = useHarness({ members: 2, moderators: 1 });
  const file = (p: string) => path.join(h.config.uploadsDir, p.slice('/uploads/'.length));
  const post = (token: string, payload: Record<string, unknown>) => h.request({ method: 'POST', url: '/api/deals', token, payload });

  it("refuses a member's deal pointing at someone else's upload", async () => {
    const image = await uploadDealImage(h, alice.token);
    const res = await post(bob.token, validDealPayload(image));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please upload an image for the deal');
  });

  it('refuses an upload another deal already shows, even for its uploader', async () => {
    const image = await uploadDealImage(h, alice.token);
    expect((await post(alice.token, validDealPayload(image))).status).toBe(201);
    const again = await post(alice.token, validDealPayload(image, { title: 'Same picture again' }));
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Please upload an image for the deal');
  });

  it("refuses re-pointing one's own deal at another deal's image", async () => {
    const theirs = await uploadDealImage(h, alice.token);
    const theirDeal = (await post(alice.token, validDealPayload(theirs))).body.data;
    const mine = await uploadDealImage(h, bob.token);
    const myDeal = (await post(bob.token, validDealPayload(mine))).body.data;
    const res = await h.request({ method: 'PUT', url: `/api/deals/${myDeal.id}`, token: bob.token, payload: validDealPayload(theirs) });
    expect(res.status).toBe(400);
    await h.request({ method: 'DELETE', url: `/api/deals/${myDeal.id}`, token: bob.token });
    expect(fs.existsSync(file(theirDeal.imageUrl))).toBe(true);
  });

  it("refuses a thumbnail that is not the upload's own", async () => {
    const mine = await uploadDealImage(h, bob.token);
    const other = await uploadDealImage(h, alice.token);
    const res = await post(bob.token, validDealPayload(mine, { thumbnail_url: other.thumbnailUrl }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid thumbnail path');
  });

  it("gives the team a copy when they use someone else's upload", async () => {
    const image = await uploadDealImage(h, alice.token);
    const original = (await post(alice.token, validDealPayload(image))).body.data;
    const res = await post(moderator.token, validDealPayload(image, { title: 'Team repost' }));
    expect(res.status).toBe(201);
    expect(res.body.data.imageUrl).not.toBe(image.imageUrl);
    expect(fs.existsSync(file(res.body.data.imageUrl))).toBe(true);
    // Deleting the copy's deal leaves the member's picture alone.
    expect((await h.request({ method: 'DELETE', url: `/api/deals/${res.body.data.id}`, token: moderator.token })).status).toBe(200);
    expect(fs.existsSync(file(original.imageUrl))).toBe(true);
    expect(fs.existsSync(file(res.body.data.imageUrl))).toBe(false);
  });

  it('never deletes a file another deal still shows (deals that shared one before this rule)', async () => {
    const image = await uploadDealImage(h, alice.token);
    const first = await insertDeal(h, { user_id: alice.id, image_url: image.imageUrl, thumbnail_url: image.thumbnailUrl });
    await insertDeal(h, { user_id: bob.id, image_url: image.imageUrl, thumbnail_url: image.thumbnailUrl });
    expect((await h.request({ method: 'DELETE', url: `/api/deals/${first}`, token: alice.token })).status).toBe(200);
    expect(fs.existsSync(file(image.imageUrl))).toBe(true);
    expect(fs.existsSync(file(image.thumbnailUrl))).toBe(true);
  });
});
