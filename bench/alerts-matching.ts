import os from 'node:os';
import { sql } from 'kysely';
import { DEMO_PRODUCTS } from '../src/server/db/seed/demo-products.js';
import { STORES } from '../src/server/db/seed/reference-data.js';
import type { Db } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { seedReferenceData } from '../src/server/db/seed/index.js';
import { alertKeys } from '../src/server/features/alerts/matching/terms.js';
import { findMatchingAlerts, matchActivatedDeal } from '../src/server/features/alerts/matching/match-deal.js';
import { type DealRowWithRefs, selectDealsWithRefs } from '../src/server/features/deals/index.js';
import { openBenchDb } from './lib/bench-db.js';
import { rng } from './lib/bulk-data.js';
import { summarise } from './lib/stats.js';
import { scriptFlag } from './lib/options.js';

const DEALS = Number(scriptFlag('deals', '300'));
const SIZES = scriptFlag('alerts', '100,100000')
  .split(',')
  .map((s) => Number(s.replace(/_/g, '')));
const SEED = Number(scriptFlag('seed', '7'));
const WARMUP = 20;
const MEMBERS = 20_000;
/** Made-up products beside the 152 demo ones: alerts spread over a long tail, as they do on a real site. */
const TAIL_PRODUCTS = 20_000;

const BRANDS = [
  'Samsung',
  'Sony',
  'LG',
  'Philips',
  'Bosch',
  'Dyson',
  'Ninja',
  'Tefal',
  'Breville',
  'DeLonghi',
  'Russell Hobbs',
  'Morphy Richards',
  'Shark',
  'Hoover',
  'Vax',
  'Apple',
  'Google',
  'Amazon',
  'Lenovo',
  'HP',
  'Dell',
  'Asus',
  'Acer',
  'Microsoft',
  'Nintendo',
  'Logitech',
  'Razer',
  'Corsair',
  'SteelSeries',
  'Anker',
  'Belkin',
  'JBL',
  'Bose',
  'Sennheiser',
  'Jabra',
  'Garmin',
  'Fitbit',
  'Canon',
  'Nikon',
  'GoPro',
  'DJI',
  'Lego',
  'Playmobil',
  'Hasbro',
  'Mattel',
  'Nike',
  'Adidas',
  'Puma',
  'Reebok',
  'New Balance',
  'Levis',
  'Superdry',
  'Barbour',
  'Hunter',
  'Clarks',
  'Dr Martens',
  'Ray Ban',
  'Oral B',
  'Braun',
  'Remington',
  'Gillette',
  'Nivea',
  'Loreal',
  'Olay',
  'Cerave',
  'Makita',
  'DeWalt',
  'Ryobi',
  'Black Decker',
  'Karcher',
  'Flymo',
  'Weber',
  'Char Broil',
  'Kenwood',
  'KitchenAid',
  'Smeg',
  'Le Creuset',
  'Joseph Joseph',
  'Brita',
  'Nespresso',
  'Lavazza',
  'Tassimo',
  'Instant Pot',
  'Salter',
  'Swan',
  'Igenix',
];
const TYPES = [
  'air fryer',
  'kettle',
  'toaster',
  'microwave',
  'blender',
  'food processor',
  'stand mixer',
  'coffee machine',
  'espresso machine',
  'slow cooker',
  'pressure cooker',
  'vacuum cleaner',
  'cordless vacuum',
  'robot vacuum',
  'steam mop',
  'carpet cleaner',
  'dehumidifier',
  'air purifier',
  'fan heater',
  'oil radiator',
  'washing machine',
  'tumble dryer',
  'dishwasher',
  'fridge freezer',
  'chest freezer',
  'wine cooler',
  'television',
  'soundbar',
  'headphones',
  'earbuds',
  'bluetooth speaker',
  'smart speaker',
  'projector',
  'monitor',
  'laptop',
  'chromebook',
  'tablet',
  'smartphone',
  'smartwatch',
  'fitness tracker',
  'keyboard',
  'mouse',
  'webcam',
  'router',
  'mesh wifi',
  'power bank',
  'charger',
  'usb hub',
  'ssd',
  'hard drive',
  'memory card',
  'graphics card',
  'gaming chair',
  'controller',
  'console',
  'game',
  'camera',
  'lens',
  'drone',
  'action camera',
  'dash cam',
  'sat nav',
  'electric toothbrush',
  'shaver',
  'hair dryer',
  'straightener',
  'trimmer',
  'moisturiser',
  'sun cream',
  'perfume',
  'aftershave',
  'trainers',
  'running shoes',
  'boots',
  'jacket',
  'jeans',
  'hoodie',
  'backpack',
  'suitcase',
  'sunglasses',
  'watch',
  'drill',
  'impact driver',
  'circular saw',
  'pressure washer',
  'lawn mower',
  'hedge trimmer',
  'strimmer',
  'bbq',
  'garden furniture',
  'parasol',
  'hot tub',
  'paddling pool',
  'trampoline',
  'bike',
  'electric scooter',
  'helmet',
  'tent',
  'sleeping bag',
  'camping chair',
  'cool box',
  'mattress',
  'duvet',
  'pillow',
  'towel set',
  'bedding',
  'sofa',
  'desk',
  'office chair',
  'bookcase',
  'wardrobe',
  'lamp',
  'light bulbs',
  'smart plug',
  'doorbell',
  'security camera',
  'thermostat',
  'baby monitor',
  'pram',
  'car seat',
  'building set',
  'board game',
  'jigsaw',
  'action figure',
  'doll',
  'toy car',
  'kindle',
  'ebook reader',
  'cookware set',
  'frying pan',
  'knife set',
  'casserole dish',
  'water filter',
  'coffee pods',
];
const ATTRS = [
  'black',
  'white',
  'silver',
  'grey',
  'pro',
  'plus',
  'max',
  'mini',
  'lite',
  'ultra',
  'wireless',
  'cordless',
  'smart',
  'digital',
  'portable',
  'compact',
  'large',
  'xl',
  'twin',
  'double',
  'stainless',
  'steel',
  'glass',
  'ceramic',
  'non stick',
  'rechargeable',
  'bundle',
  '2 pack',
  '4k',
  'hd',
  'oled',
];
const SENTENCES = [
  'Lowest price I have seen in months.',
  'Price drop applied at checkout.',
  'Free click and collect where stock allows.',
  'Cheaper than the usual retailers by a long way.',
  'Decent reviews and a two year warranty.',
  'Stock seems limited so be quick.',
  'Works out even cheaper with cashback.',
  'Same price matched at a couple of other stores.',
  'Great gift idea with Christmas coming up.',
  'Free delivery for members, otherwise a small charge.',
  'Use the voucher in the basket for the extra discount.',
  'Price tracker shows this is an all time low.',
];

interface Product {
  title: string;
  brand: string;
  type: string;
  model: string;
  categoryId: number;
  storeId: number;
  pence: number;
}

const r = rng(SEED);
const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)];
/** Zipf-like: index i drawn with weight 1/(i+1)^s (s = 0.7: the top product draws about 3% of the alerts). */
function zipf(n: number, s = 0.7): () => number {
  const cdf: number[] = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += 1 / (i + 1) ** s;
    cdf.push(total);
  }
  return () => {
    const x = r() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function catalogue(): Product[] {
  const out: Product[] = DEMO_PRODUCTS.map(([title, categoryId, storeId, price]) => {
    const words = title.split(/\s+/);
    return {
      title,
      brand: words[0],
      type: words.slice(1, 3).join(' '),
      model: words.find((w) => /\d/.test(w)) ?? words[words.length - 1],
      categoryId,
      storeId,
      pence: Math.round(price * 100),
    };
  });
  for (let i = 0; i < TAIL_PRODUCTS; i++) {
    const brand = pick(BRANDS);
    const type = pick(TYPES);
    const model = `${String.fromCharCode(65 + Math.floor(r() * 26))}${String.fromCharCode(65 + Math.floor(r() * 26))}${100 + Math.floor(r() * 9900)}${r() < 0.3 ? 'UK' : ''}`;
    out.push({
      title: `${brand} ${pick(ATTRS)} ${type} ${model}`,
      brand,
      type,
      model,
      categoryId: 1 + Math.floor(r() * 20),
      storeId: pick(STORES).id,
      pence: 500 + Math.floor(r() * 60_000),
    });
  }
  // Shuffle so popularity is not tied to the demo products.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const PRODUCTS = catalogue();
const popular = zipf(PRODUCTS.length);

function alertRow(userId: number, now: string) {
  const p = PRODUCTS[popular()];
  const kind = r();
  // What people type: brand + product type, a model number, brand + feature + type, a bare product type (then nearly
  // always narrowed by category or price), a bare brand (narrowed by store).
  const query =
    kind < 0.4 ? `${p.brand} ${p.type}` : kind < 0.7 ? p.model : kind < 0.8 ? `${p.brand} ${pick(ATTRS)} ${p.type}` : kind < 0.95 ? p.type : p.brand;
  const bareType = kind >= 0.8 && kind < 0.95;
  const bareBrand = kind >= 0.95;
  const [match_key, match_key2] = alertKeys(query);
  return {
    user_id: userId,
    query: query.slice(0, 100),
    match_key,
    match_key2,
    category_id: bareType && r() < 0.5 ? p.categoryId : null,
    store_id: bareBrand || r() < 0.1 ? p.storeId : null,
    max_price_pence: bareType || r() < 0.2 ? Math.round(p.pence * (0.5 + r() * 0.6)) : null,
    min_temperature: r() < 0.1 ? 1 + Math.floor(r() * 50) : null,
    frequency: r() < 0.3 ? 'daily' : 'instant',
    paused: r() < 0.05 ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
}

async function addMembers(db: Db): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (let i = 0; i < MEMBERS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, MEMBERS - i) }, (_, k) => {
      const n = i + k;
      return {
        username: `alerter${n}`,
        username_key: `alerter${n}`,
        email: `alerter${n}@bench.test`,
        password_hash: 'x',
        role: 'user',
        avatar: null,
        bio: null,
        email_verified_at: n % 50 === 0 ? null : now,
        created_at: now,
        updated_at: now,
      };
    });
    const res = await db.kysely.insertInto('users').values(rows).returning('id').execute();
    ids.push(...res.map((x) => Number(x.id)));
  }
  return ids;
}

async function growAlerts(db: Db, members: number[], from: number, to: number): Promise<void> {
  const now = new Date().toISOString();
  for (let i = from; i < to; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, to - i) }, (_, k) => alertRow(members[(i + k) % members.length], now));
    await db.kysely.insertInto('alerts').values(rows).execute();
  }
  // Statistics as a live database has them (PostgreSQL's autovacuum; on SQLite the CROSS JOIN plan does not need them).
  if (db.dialect === 'postgres') await sql`ANALYZE`.execute(db.kysely);
  else db.sqlite?.exec('ANALYZE');
}

let dealNo = 0;
async function newDeal(db: Db): Promise<DealRowWithRefs> {
  const p = PRODUCTS[popular()];
  dealNo += 1;
  const now = new Date().toISOString();
  const description = `${p.title} for £${(p.pence / 100).toFixed(2)}. ${pick(SENTENCES)} ${pick(SENTENCES)}`;
  const row = await db.kysely
    .insertInto('deals')
    .values({
      title: `${p.title}${r() < 0.3 ? ` - ${pick(ATTRS)}` : ''}`.slice(0, 100),
      description,
      url: `https://shop.example/bench/${dealNo}`,
      image_url: null,
      thumbnail_url: null,
      price_pence: Math.round(p.pence * (0.7 + r() * 0.4)),
      original_price_pence: p.pence,
      coupon: null,
      category_id: p.categoryId,
      store_id: r() < 0.7 ? p.storeId : pick(STORES).id,
      user_id: null,
      status: 'pending',
      source: 'bench',
      created_at: now,
      updated_at: now,
      published_at: now,
      expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deal = (await selectDealsWithRefs(db.kysely).where('d.id', '=', Number(row.id)).executeTakeFirstOrThrow()) as DealRowWithRefs;
  return { ...deal, status: 'active' };
}

const SYLLABLES = ['zor', 'vex', 'qua', 'lim', 'tra', 'nok', 'pry', 'dax', 'wel', 'fiz', 'gup', 'hox'];
const madeUp = () => Array.from({ length: 3 }, () => pick(SYLLABLES)).join('');

/** A listing of a product nobody has an alert for (made-up brand and product words): the lookup's own cost. */
async function unseenDeal(db: Db): Promise<DealRowWithRefs> {
  const deal = await newDeal(db);
  const model = `ZQ${Math.floor(r() * 1e9)}`;
  return { ...deal, title: `${madeUp()} ${madeUp()} ${model}`, description: `The ${madeUp()} ${model}. ${pick(SENTENCES)}` };
}

class Rollback extends Error {}

async function measure(db: Db, alerts: number) {
  const find: number[] = [];
  const match: number[] = [];
  // CPU time of this process for the same work: on SQLite (in-process) the work itself, whatever else the machine runs.
  const matchCpu: number[] = [];
  let candidates = 0;
  let matched = 0;
  for (let i = 0; i < WARMUP + DEALS; i++) {
    const deal = await newDeal(db);
    const t0 = performance.now();
    const found = await findMatchingAlerts(db.kysely, db.dialect, deal, 'activation');
    const t1 = performance.now();
    let t2 = 0;
    let t3 = 0;
    let c2 = process.cpuUsage();
    let c3 = c2;
    await db.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('deals').set({ status: 'active' }).where('id', '=', deal.id).execute();
        t2 = performance.now();
        c2 = process.cpuUsage();
        await matchActivatedDeal(db, trx, deal.id, new Date().toISOString());
        t3 = performance.now();
        c3 = process.cpuUsage(c2);
        throw new Rollback();
      })
      .catch((err) => {
        if (!(err instanceof Rollback)) throw err;
      });
    if (i < WARMUP) continue;
    find.push(t1 - t0);
    match.push(t3 - t2);
    matchCpu.push((c3.user + c3.system) / 1000);
    candidates += found.candidates;
    matched += found.matched.length;
  }
  // The same lookup for deals of products nobody has an alert for: only the index probes (and a few candidates).
  const miss: number[] = [];
  let missCandidates = 0;
  for (let i = 0; i < WARMUP + DEALS; i++) {
    const deal = await unseenDeal(db);
    const t0 = performance.now();
    const found = await findMatchingAlerts(db.kysely, db.dialect, deal, 'activation');
    if (i >= WARMUP) {
      miss.push(performance.now() - t0);
      missCandidates += found.candidates;
    }
  }
  return {
    alerts,
    find: summarise(find),
    match: summarise(match),
    matchCpu: summarise(matchCpu),
    miss: summarise(miss),
    candidates: candidates / DEALS,
    matched: matched / DEALS,
    missCandidates: missCandidates / DEALS,
  };
}

const f = (n: number) => n.toFixed(2).padStart(8);

async function main() {
  const { db, label, cleanup } = await openBenchDb('alerts');
  try {
    await migrateToLatest(db);
    await seedReferenceData(db, { adminPassword: 'Bench-Passw0rd' });
    const members = await addMembers(db);
    const results = [];
    let have = 0;
    for (const size of SIZES) {
      const t = performance.now();
      await growAlerts(db, members, have, size);
      have = size;
      console.error(`${label}: ${size} alerts loaded in ${((performance.now() - t) / 1000).toFixed(1)} s; measuring ${DEALS} deals (+${WARMUP} warm-up)`);
      results.push(await measure(db, size));
    }
    const load = os.loadavg()[0].toFixed(1);
    console.log(
      `\nAlert matching, ${label}, ${DEALS} newly active deals per row (ms; candidates and matches are averages per deal; load average ${load} on ${os.cpus().length} cores)\n`,
    );
    console.log(
      '| alerts  | find p50 | find p95 | match p50 | match p95 | match CPU p50 | p95 | candidates | matches | no-match find p50 | p95 | candidates |',
    );
    console.log(
      '|--------:|---------:|---------:|----------:|----------:|--------------:|----:|-----------:|--------:|------------------:|----:|-----------:|',
    );
    for (const x of results) {
      console.log(
        `| ${String(x.alerts).padStart(7)} | ${f(x.find.p50)} | ${f(x.find.p95)} | ${f(x.match.p50)}  | ${f(x.match.p95)}  | ${f(x.matchCpu.p50)}      | ${x.matchCpu.p95.toFixed(2)} | ${x.candidates.toFixed(1).padStart(10)} | ${x.matched.toFixed(1).padStart(7)} |` +
          ` ${f(x.miss.p50)}          | ${x.miss.p95.toFixed(2)} | ${x.missCandidates.toFixed(1).padStart(10)} |`,
      );
    }
    const [first, last] = [results[0], results[results.length - 1]];
    console.log(
      `\np95 ratio ${last.alerts}/${first.alerts} alerts: find ${(last.find.p95 / first.find.p95).toFixed(2)}x, match ${(last.match.p95 / first.match.p95).toFixed(2)}x, no-match find ${(last.miss.p95 / first.miss.p95).toFixed(2)}x`,
    );
    console.log(`target: match p95 <= 25 ms at ${last.alerts} alerts: ${last.match.p95 <= 25 ? 'met' : 'NOT met'} (${last.match.p95.toFixed(2)} ms)`);
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
