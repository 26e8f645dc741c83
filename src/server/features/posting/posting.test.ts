import { describe, expect, it } from 'vitest';
import { COMMENT_EDIT_CLOSED } from '../../../shared/domain/deals/comment-edit.js';
import { backdateAccounts } from '../../test/data/accounts.js';
import { insertDeal, uploadDealImage, validDealPayload } from '../../test/data/deal-helpers.js';
import { type Harness, type TestUser, useHarness } from '../../test/harness.js';

const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY).toISOString();

/** Gives `user` a record: `approved` deals the team let through, and rejections `rejectedDaysAgo` days ago. */
async function record(h: Harness, user: TestUser, approved: number, rejectedDaysAgo: number[] = []) {
  for (let i = 0; i < approved; i++) await insertDeal(h, { user_id: user.id, status: i % 2 ? 'expired' : 'active' });
  for (const d of rejectedDaysAgo) await insertDeal(h, { user_id: user.id, status: 'rejected', updated_at: daysAgo(d) });
}

async function post(h: Harness, user: TestUser, overrides: Record<string, unknown> = {}) {
  const image = await uploadDealImage(h, user.token);
  const res = await h.request({ method: 'POST', url: '/api/deals', token: user.token, payload: validDealPayload(image, overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; status: string };
}

describe('trusted posters go live at once', () => {
  const { h, admin, members } = useHarness({ members: 7 });

  it('at the thresholds: 3 approved, no rejection in 90 days, a 7-day-old account', async () => {
    const [trusted, twoApproved, young, recentReject, oldReject] = members;
    await record(h, trusted, 3);
    await record(h, twoApproved, 2);
    await record(h, young, 3);
    await record(h, recentReject, 3, [89]);
    await record(h, oldReject, 3, [91]);
    await backdateAccounts(h, [trusted.id, twoApproved.id, recentReject.id, oldReject.id], 7 * 24 + 1);
    await backdateAccounts(h, [young.id], 7 * 24 - 1);

    expect((await post(h, trusted)).status).toBe('active');
    expect((await post(h, oldReject)).status).toBe('active');
    expect((await post(h, twoApproved)).status).toBe('pending');
    expect((await post(h, young)).status).toBe('pending');
    expect((await post(h, recentReject)).status).toBe('pending');

    const status = await h.request({ method: 'GET', url: '/api/deals/posting-status', token: trusted.token });
    expect(status.body.data).toEqual({ trusted: true, approved: 4, recentRejections: 0, thresholds: { minApproved: 3, rejectionDays: 90, minAccountDays: 7 } });
    const notYet = await h.request({ method: 'GET', url: '/api/deals/posting-status', token: twoApproved.token });
    expect(notYet.body.data).toMatchObject({ trusted: false, approved: 2 });
  });

  it('lists trusted posts for the team, who can pull one back to pending with a reason the poster reads', async () => {
    const poster = members[0];
    const deal = await post(h, poster);
    const list = await h.request({ method: 'GET', url: '/api/admin/deals/trusted', token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data.deals[0]).toMatchObject({ id: deal.id, status: 'active' });

    const pulled = await h.request({
      method: 'POST',
      url: `/api/admin/deals/${deal.id}/pull-back`,
      token: admin.token,
      payload: { reason: 'Checking the price' },
    });
    expect(pulled.status).toBe(200);
    expect(pulled.body.data.deal.status).toBe('pending');
    // Only a live deal can be pulled back.
    const again = await h.request({ method: 'POST', url: `/api/admin/deals/${deal.id}/pull-back`, token: admin.token, payload: {} });
    expect(again.status).toBe(400);

    const mine = await h.request({ method: 'GET', url: '/api/user/deals', token: poster.token });
    const shown = mine.body.data.find((d: { id: number }) => d.id === deal.id);
    expect(shown).toMatchObject({ status: 'pending', review: { reason: 'Checking the price', postedLive: true, retitled: null } });

    // Approved again: the reason is history, the deal is live.
    await h.request({ method: 'POST', url: `/api/admin/deals/${deal.id}/activate`, token: admin.token, payload: { processTasks: {} } });
    const after = await h.request({ method: 'GET', url: '/api/user/deals', token: poster.token });
    expect(after.body.data.find((d: { id: number }) => d.id === deal.id)).toMatchObject({ status: 'active', review: { reason: null } });
  });

  it('a rejection with the team\u2019s reason is told, shown on My deals and stops posting live', async () => {
    const poster = members[5];
    await record(h, poster, 3);
    await backdateAccounts(h, [poster.id], 30 * 24);
    const pendingId = await insertDeal(h, { user_id: poster.id, status: 'pending', title: 'Cheap telly' });
    const rejected = await h.request({
      method: 'POST',
      url: `/api/admin/deals/${pendingId}/reject`,
      token: admin.token,
      payload: { reason: 'Price is higher than stated' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.deal.status).toBe('rejected');
    expect((await h.request({ method: 'POST', url: `/api/admin/deals/${pendingId}/reject`, token: admin.token, payload: { reason: '' } })).status).toBe(400);

    const mine = await h.request({ method: 'GET', url: '/api/user/deals', token: poster.token });
    expect(mine.body.data.find((d: { id: number }) => d.id === pendingId)).toMatchObject({
      status: 'rejected',
      review: { reason: 'Price is higher than stated' },
    });
    const inbox = await h.request({ method: 'GET', url: '/api/notifications', token: poster.token });
    expect(inbox.body.data.notifications[0]).toMatchObject({
      type: 'deal.rejected',
      text: 'Your deal “Cheap telly” was rejected: Price is higher than stated',
    });
    expect((await post(h, poster)).status).toBe('pending');
  });

  it('tells the poster of the title\u2019s tidy on approval, old and new, in the approval notice and on My deals', async () => {
    const poster = members[6];
    const long = 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones (Black) - Lowest Ever Price £249 @ Currys';
    const deal = await post(h, poster, { title: long });
    expect(deal.status).toBe('pending');
    const res = await h.request({
      method: 'POST',
      url: `/api/admin/deals/${deal.id}/activate`,
      token: admin.token,
      payload: { processTasks: { improveTitle: true } },
    });
    expect(res.status).toBe(200);
    const tidy = res.body.data.deal.title as string;
    expect(tidy).not.toBe(long);
    const inbox = await h.request({ method: 'GET', url: '/api/notifications', token: poster.token });
    const approval = inbox.body.data.notifications.find((n: { type: string }) => n.type === 'deal.approved');
    expect(approval.text).toContain('was approved and is live');
    expect(approval.text).toContain(`is now “${tidy}”`);
    expect(approval.text).toContain('The title of your deal was tidied');
    const mine = await h.request({ method: 'GET', url: '/api/user/deals', token: poster.token });
    expect(mine.body.data.find((d: { id: number }) => d.id === deal.id).review.retitled).toMatchObject({ from: long, to: tidy });
  });
});

describe('trusted poster thresholds are settings', () => {
  const { h, members } = useHarness({ members: 1, env: { TRUSTED_MIN_APPROVED: '1', TRUSTED_MIN_ACCOUNT_DAYS: '0', TRUSTED_REJECTION_DAYS: '30' } });
  it('uses the configured numbers and publishes them for /help', async () => {
    const [m] = members;
    await record(h, m, 1, [31]);
    expect((await post(h, m)).status).toBe('active');
    const site = await h.request({ method: 'GET', url: '/api/site-config' });
    expect(site.body.data.trustedPosters).toEqual({ minApproved: 1, rejectionDays: 30, minAccountDays: 0 });
  });
});

describe('any shop', () => {
  const { h, admin, members } = useHarness({ members: 2 });
  const propose = (user: TestUser, name: string, url: string) =>
    h.request({ method: 'POST', url: '/api/stores/propose', token: user.token, payload: { name, url } });

  it('matches a known shop by its site (www., m. and subdomains aside) and by name whatever the case', async () => {
    const [m] = members;
    for (const url of ['https://www.argos.co.uk/product/1', 'https://m.argos.co.uk/p/2', 'https://argos.co.uk/x', 'https://checkout.argos.co.uk/y']) {
      const res = await propose(m, 'Anything', url);
      expect(res.body.data, url).toMatchObject({ id: 1, name: 'Argos', confirmed: true });
    }
    expect((await propose(m, 'cURRYS', 'https://unknown-shop.example/p')).body.data).toMatchObject({ id: 2, name: 'Currys' });
    // A look-alike host is not the shop.
    expect((await propose(m, 'Notargos', 'https://notargos.co.uk/p')).body.data.name).toBe('Notargos');
  });

  it('creates a new unconfirmed shop the team confirms, renames or merges; its page works without a logo', async () => {
    const [m, other] = members;
    const created = await propose(m, 'Corner Gadgets', 'https://www.cornergadgets.co.uk/item/9');
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Corner Gadgets', confirmed: false, domain: 'cornergadgets.co.uk' });
    const shopId = created.body.data.id;
    // The next member's link to the same site, or the same name in other case, finds it.
    expect((await propose(other, 'Gadget place', 'https://m.cornergadgets.co.uk/p')).body.data.id).toBe(shopId);
    expect((await propose(other, '  corner   GADGETS ', 'https://elsewhere.example/p')).body.data.id).toBe(shopId);

    const deal = await post(h, m, { store_id: shopId, url: 'https://www.cornergadgets.co.uk/item/9' });
    const page = await h.request({ method: 'GET', url: `/api/stores/${shopId}` });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ name: 'Corner Gadgets', logoUrl: null, confirmed: false });

    const listed = await h.request({ method: 'GET', url: '/api/admin/stores', token: admin.token });
    expect(listed.body.data.stores[0]).toMatchObject({ confirmed: false });
    expect(listed.body.data.stores.findIndex((s: { confirmed: boolean }) => s.confirmed)).toBeGreaterThan(0);

    // Another unconfirmed shop for the same business, merged into the first: its deals move, it goes.
    const dupe = await propose(other, 'Corner Gadgets Ltd', 'https://cornergadgets-shop.example/a');
    const dupeDeal = await post(h, other, { store_id: dupe.body.data.id, url: 'https://cornergadgets-shop.example/a' });
    const merged = await h.request({ method: 'POST', url: `/api/admin/stores/${dupe.body.data.id}/merge`, token: admin.token, payload: { intoId: shopId } });
    expect(merged.status).toBe(200);
    expect(merged.body.data).toEqual({ id: dupe.body.data.id, intoId: shopId, moved: 1 });
    expect((await h.request({ method: 'GET', url: `/api/stores/${dupe.body.data.id}` })).status).toBe(404);
    const moved = await h.db.kysely.selectFrom('deals').select('store_id').where('id', 'in', [deal.id, dupeDeal.id]).execute();
    expect(moved.map((r) => Number(r.store_id))).toEqual([shopId, shopId]);
    expect((await h.request({ method: 'POST', url: `/api/admin/stores/${shopId}/merge`, token: admin.token, payload: { intoId: shopId } })).status).toBe(400);

    const confirmed = await h.request({ method: 'POST', url: `/api/admin/stores/${shopId}/confirm`, token: admin.token });
    expect(confirmed.body.data.store).toMatchObject({ id: shopId, confirmed: true, dealsCount: 2 });
    // A rename by the team confirms too.
    const third = await propose(m, 'Tiny Shop', 'https://tinyshop.example/x');
    const renamed = await h.request({
      method: 'PUT',
      url: `/api/admin/stores/${third.body.data.id}`,
      token: admin.token,
      payload: { name: 'Tiny Shop UK', url: null },
    });
    expect(renamed.body.data.store).toMatchObject({ name: 'Tiny Shop UK', confirmed: true, domain: 'tinyshop.example' });
  });
});

describe('editing one\u2019s own comment', () => {
  const { h, members, moderator } = useHarness({ members: 2, moderators: 1 });
  it('for 15 minutes, shown edited; never someone else\u2019s, not even by a moderator', async () => {
    const [author, other] = members;
    const dealId = await insertDeal(h, { status: 'active' });
    const added = await h.request({ method: 'POST', url: '/api/comments', token: author.token, payload: { dealId, text: 'Good price' } });
    const id = added.body.data.id;
    expect(added.body.data.editedAt).toBeNull();
    const edit = (token: string, text = 'Good price, free delivery too') => h.request({ method: 'PUT', url: `/api/comments/${id}`, token, payload: { text } });
    const done = await edit(author.token);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id, text: 'Good price, free delivery too' });
    expect(done.body.data.editedAt).toEqual(expect.any(String));
    const list = await h.request({ method: 'GET', url: `/api/comments/${dealId}` });
    expect(list.body.data[0]).toMatchObject({ text: 'Good price, free delivery too', editedAt: done.body.data.editedAt });
    expect((await edit(other.token)).status).toBe(403);
    expect((await edit(moderator.token)).status).toBe(403);
    expect((await edit(author.token, '   ')).status).toBe(400);

    await h.db.kysely
      .updateTable('comments')
      .set({ created_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    const late = await edit(author.token, 'Too late');
    expect(late.status).toBe(403);
    expect(late.body.error).toBe(COMMENT_EDIT_CLOSED);
  });
});
