import { voucherCodeKey, voucherStanding } from '../../../shared/domain/shops/vouchers.js';
import { recomputeReputation } from '../../features/reputation/index.js';
import type { Db } from '../connection.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Voucher codes of the demo shops (docs/notes/vouchers-follows.md): what a UK deal site's codes read like, posted by
 * the demo members (a few by the team, one exclusive), most approved, two waiting for the team, one expired, and one
 * that members keep saying fails ('May not work'). `works` is how often a member's answer says it worked.
 */
const VOUCHERS: Array<{
  store: number;
  code: string | null;
  title: string;
  conditions?: string;
  by: string;
  days: number;
  works: number;
  answers: number;
  status?: 'pending' | 'expired';
  exclusive?: boolean;
  expiresInDays?: number;
}> = [
  {
    store: 1,
    code: 'SAVE10',
    title: '£10 off when you spend £50 on toys',
    conditions: 'Toys and games only. Excludes LEGO.',
    by: 'bargain_bex',
    days: 3,
    works: 0.9,
    answers: 14,
  },
  { store: 1, code: null, title: 'Free Fast Track delivery on orders over £100', by: 'frugal_fiona', days: 9, works: 0.85, answers: 8 },
  {
    store: 2,
    code: 'TECH20',
    title: '£20 off laptops over £499',
    conditions: 'Selected laptops. One use per customer.',
    by: 'dealhunter_sam',
    days: 2,
    works: 0.8,
    answers: 11,
  },
  { store: 2, code: 'CURRYS5', title: '5% off small kitchen appliances', by: 'kitchen_kate', days: 6, works: 0.1, answers: 9 },
  { store: 3, code: null, title: 'Clubcard Prices: 25% off Finest range', by: 'frugal_fiona', days: 4, works: 0.95, answers: 10 },
  {
    store: 3,
    code: 'GROCERY15',
    title: '£15 off your first online shop over £60',
    conditions: 'New grocery customers only.',
    by: 'penny_pincher',
    days: 6,
    works: 0.7,
    answers: 7,
    expiresInDays: 20,
  },
  { store: 5, code: 'ASDA10', title: '10% off George clothing online', by: 'savvy_sophie', days: 12, works: 0.6, answers: 6 },
  { store: 6, code: 'JLHOME', title: '15% off home furnishings for My John Lewis members', by: 'savvy_sophie', days: 5, works: 0.75, answers: 5 },
  { store: 7, code: 'BOOTS3FOR2', title: '3 for 2 on selected beauty and skincare', by: 'savvy_sophie', days: 1, works: 1, answers: 4 },
  {
    store: 7,
    code: 'NEWBOOTS',
    title: '£5 off a £40 spend for new Advantage Card holders',
    by: 'cashback_carl',
    days: 25,
    works: 0.5,
    answers: 3,
    status: 'expired',
  },
  {
    store: 8,
    code: 'VERY20',
    title: '20% off fashion for new customers',
    conditions: 'New customers on Very Pay. Minimum spend £30.',
    by: 'cashback_carl',
    days: 7,
    works: 0.65,
    answers: 12,
  },
  { store: 9, code: 'AO25', title: '£25 off large appliances over £399', by: 'kitchen_kate', days: 8, works: 0.85, answers: 9 },
  { store: 10, code: 'TRADE10', title: '10% off power tools with a trade account', by: 'diy_dave', days: 3, works: 0.8, answers: 6 },
  { store: 11, code: 'GARDEN20', title: '20% off garden furniture this weekend', by: 'diy_dave', days: 0.3, works: 0.9, answers: 2, expiresInDays: 3 },
  {
    store: 12,
    code: 'MSFOOD',
    title: 'Dine in for two for £15',
    conditions: 'In store and online, while stocks last.',
    by: 'quidsin_mod',
    days: 2,
    works: 0.9,
    answers: 7,
    exclusive: true,
  },
  { store: 13, code: 'GAME5', title: '£5 off pre-owned games over £25', by: 'gamer_gaz', days: 10, works: 0.7, answers: 5 },
  { store: 14, code: 'BIKE15', title: '15% off bikes and cycling kit', by: 'outdoor_olly', days: 4, works: 0.8, answers: 8 },
  { store: 15, code: 'SPORT10', title: 'Extra 10% off clearance', by: 'outdoor_olly', days: 0.5, works: 0, answers: 0, status: 'pending' },
  { store: 17, code: 'ZAVVI15', title: '15% off Blu-rays and collectables', by: 'gamer_gaz', days: 6, works: 0.75, answers: 6 },
  { store: 42, code: null, title: 'Subscribe & Save: an extra 5% on five or more deliveries', by: 'dealhunter_sam', days: 14, works: 0.9, answers: 10 },
  { store: 43, code: 'PICK15', title: '15% off selected tech sellers (max £50 off)', by: 'thrifty_tom', days: 1.5, works: 0.7, answers: 6 },
  { store: 2, code: 'STUDENT10', title: '10% off for students with UNiDAYS', by: 'thrifty_tom', days: 0.2, works: 0, answers: 0, status: 'pending' },
  // cashback_carl hunts codes: enough that work to earn Voucher Hunter.
  ...(
    [
      [1, 'ARGOS5', '£5 off home and garden over £40'],
      [2, 'CURRYSTV', '£50 off selected OLED TVs'],
      [3, 'TESCOWINE', '25% off six bottles of wine'],
      [4, 'NECTAR5', '£5 off a £50 shop with Nectar'],
      [6, 'JLTOYS', '10% off toys for members'],
      [8, 'VERYTECH', '£20 off tech over £200'],
      [9, 'AOFRIDGE', '£30 off fridge freezers'],
      [12, 'MSBEAUTY', 'Free beauty bag with £35 on beauty'],
      [14, 'HALF10', '10% off car maintenance'],
      [16, 'LIDLPLUS', '£2 off a £20 shop with Lidl Plus'],
      [42, 'AMZBOOKS', '£3 off your first Kindle book'],
    ] as const
  ).map(([store, code, title], i) => ({ store, code, title, by: 'cashback_carl', days: 2 + i, works: 1, answers: 4 + (i % 4) })),
];

/** What demo members follow: a believable few shops, categories and posters each. */
const FOLLOWS: Array<{ who: string; stores?: number[]; categories?: number[]; members?: string[] }> = [
  { who: 'bargain_bex', stores: [1, 3, 5], categories: [7], members: ['kitchen_kate', 'frugal_fiona'] },
  { who: 'dealhunter_sam', stores: [2, 9, 42], categories: [1, 2], members: ['gamer_gaz'] },
  { who: 'frugal_fiona', stores: [3, 4, 16], members: ['bargain_bex', 'penny_pincher'] },
  { who: 'gamer_gaz', stores: [13, 17], categories: [3], members: ['dealhunter_sam'] },
  { who: 'diy_dave', stores: [10, 11], members: ['outdoor_olly'] },
  { who: 'kitchen_kate', stores: [9, 6], members: ['bargain_bex'] },
];

/** A small deterministic generator, so the demo reads the same on every install. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/** Seeds the demo's vouchers with their answers and copies, the demo members' follows, and every member's record and badges. */
export async function seedDemoVouchers(db: Db, now = Date.now()): Promise<void> {
  const k = db.kysely;
  const users = await k.selectFrom('users').select(['id', 'username', 'role']).execute();
  const byName = new Map(users.map((u) => [u.username, Number(u.id)]));
  const answerers = users.filter((u) => u.role !== 'admin').map((u) => Number(u.id));
  const stores = new Set((await k.selectFrom('stores').select('id').execute()).map((s) => Number(s.id)));
  const r = rng(32);
  const iso = (ms: number) => new Date(ms).toISOString();

  for (const v of VOUCHERS) {
    const userId = byName.get(v.by);
    if (userId === undefined || !stores.has(v.store)) continue;
    const posted = now - v.days * DAY;
    const status = v.status ?? 'active';
    const row = await k
      .insertInto('vouchers')
      .values({
        store_id: v.store,
        user_id: userId,
        code: v.code,
        code_key: voucherCodeKey(v.code),
        title: v.title,
        conditions: v.conditions ?? null,
        expires_at: v.status === 'expired' ? iso(now - DAY) : v.expiresInDays ? iso(now + v.expiresInDays * DAY) : null,
        exclusive: v.exclusive ? 1 : 0,
        status,
        created_at: iso(posted - 2 * HOUR),
        updated_at: iso(posted),
        published_at: status === 'pending' ? null : iso(posted),
        copy_count: Math.round(v.answers * (3 + r() * 5)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const voucherId = Number(row.id);
    // Answers spread between posting and now, from members other than the poster.
    const answers: Array<{ voucher_id: number; user_id: number; worked: number; created_at: string; updated_at: string }> = [];
    const takers = answerers.filter((id) => id !== userId);
    for (let i = 0; i < v.answers && i < takers.length; i++) {
      const at = iso(posted + r() * (now - posted));
      answers.push({
        voucher_id: voucherId,
        user_id: takers[(i * 7 + v.store) % takers.length],
        worked: r() < v.works ? 1 : 0,
        created_at: at,
        updated_at: at,
      });
    }
    const unique = [...new Map(answers.map((a) => [a.user_id, a])).values()];
    if (unique.length > 0) await k.insertInto('voucher_answers').values(unique).execute();
    const standing = voucherStanding(
      unique.map((a) => ({ worked: a.worked === 1, at: a.updated_at })),
      now,
    );
    const lastWorked = unique
      .filter((a) => a.worked === 1)
      .map((a) => a.updated_at)
      .sort()
      .pop();
    await k
      .updateTable('vouchers')
      .set({
        success_rate: standing.successRate,
        answer_count: standing.answerCount,
        last_worked_at: lastWorked ?? null,
        may_not_work: standing.mayNotWork ? 1 : 0,
      })
      .where('id', '=', voucherId)
      .execute();
  }

  const follows: Array<{ user_id: number; target_type: string; target_id: number; created_at: string }> = [];
  for (const f of FOLLOWS) {
    const userId = byName.get(f.who);
    if (userId === undefined) continue;
    const at = iso(now - 10 * DAY);
    for (const id of f.stores ?? []) if (stores.has(id)) follows.push({ user_id: userId, target_type: 'store', target_id: id, created_at: at });
    for (const id of f.categories ?? []) follows.push({ user_id: userId, target_type: 'category', target_id: id, created_at: at });
    for (const name of f.members ?? []) {
      const id = byName.get(name);
      if (id !== undefined && id !== userId) follows.push({ user_id: userId, target_type: 'member', target_id: id, created_at: at });
    }
  }
  if (follows.length > 0) await k.insertInto('follows').values(follows).execute();

  // Records and badges as the hourly job would have them.
  await recomputeReputation(db, now);
}
