import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Db, Dialect } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { enqueueMails } from '../../../services/outbox/index.js';
import { type DealRowWithRefs, selectDealsWithRefs } from '../../deals/index.js';
import { notifyAlertMatches } from '../../notifications/index.js';
import { ALERT_INSTANT_KIND, instantDedupeKey } from '../mail/kinds.js';
import { type AlertCriteria, alertMatchesDeal, type DealFacts, dealMatchText, keyPrefixes, wordStarts } from './terms.js';
import { isLive } from '../../../../shared/domain/deals/deal-visibility.js';

/**
 * Matching a deal against the alerts (docs/notes/alerts.md "Matching"), inside the transaction that makes it match:
 * - candidates come from the alerts' index, never a scan: every alert is indexed under its two longest words' keys
 *   (matching/terms.ts matchKeys), and a deal probes that index with the starts (1..8 characters) of its words and of
 *   what they stand for under the search's rules ("TV" for "telly", "PlayStation 5" for "ps5"), keeping
 *   the entries whose second key is among them too, with the cheap column filters (live, not the poster's, category,
 *   store, price, temperature);
 * - each candidate is then checked in full in JS (the search's rule, every filter: alertMatchesDeal), and its owner must be
 *   a verified member (read by key with the candidate);
 * - a match is a row of alert_matches, unique per (alert, deal), inserted with ON CONFLICT DO NOTHING: a deal that
 *   is activated, expired and reactivated, or voted down and up again, never matches the same alert twice;
 * - an instant alert's mail is put in the outbox in the same transaction (a daily alert's waits for the digest).
 */

type Tx = Transaction<Database>;
export type MatchVia = 'activation' | 'temperature';

const CHUNK = 500;

interface Candidate extends AlertCriteria {
  id: number;
  user_id: number;
  frequency: string;
}

/** The facts of a deal that alerts are checked against. */
export function dealFacts(
  deal: Pick<DealRowWithRefs, 'title' | 'description' | 'store_name' | 'category_name' | 'category_id' | 'store_id' | 'price_pence' | 'temperature'>,
): DealFacts {
  const text = dealMatchText([deal.title, deal.description, deal.store_name, deal.category_name]);
  return {
    text,
    starts: wordStarts(text),
    categoryId: deal.category_id,
    storeId: deal.store_id,
    pricePence: deal.price_pence,
    temperature: deal.temperature,
  };
}

/**
 * The alerts a deal may match: one probe of the partial match-key index (live alerts) per start of the deal's words
 * (one bound parameter on both engines: a JSON array on SQLite, a text array on PostgreSQL), plus the cheap column
 * filters. On SQLite the keys drive the loop explicitly (CROSS JOIN fixes the join order), so the plan is the same
 * whatever the planner's statistics say about the alerts table.
 */
export function candidateQuery(
  dialect: Dialect,
  deal: Pick<DealRowWithRefs, 'user_id' | 'category_id' | 'store_id' | 'price_pence' | 'temperature'>,
  facts: DealFacts,
  via: MatchVia,
  /** Temperature path: the temperature the deal had before (alerts waiting for more than this, up to its temperature now). */
  fromTemperature?: number,
): RawBuilder<Candidate & { verified: number }> {
  const keys = keyPrefixes(facts.starts);
  const where: RawBuilder<unknown>[] = [
    sql`a.paused = 0`,
    sql`(a.category_id IS NULL OR a.category_id = ${deal.category_id})`,
    sql`(a.store_id IS NULL OR a.store_id = ${deal.store_id})`,
  ];
  let from: RawBuilder<unknown>;
  // The second key: one of the deal's keys too, or none ('').
  const keys2 = [...keys, ''];
  if (dialect === 'sqlite') {
    from = sql`json_each(${JSON.stringify(keys)}) AS k CROSS JOIN alerts AS a`;
    // Unary plus: the second key is checked on the index entry (a seek on it would multiply the probes).
    where.push(sql`a.match_key = k.value`, sql`+a.match_key2 IN (SELECT value FROM json_each(${JSON.stringify(keys2)}))`);
  } else {
    from = sql`alerts AS a`;
    where.push(sql`a.match_key = ANY(${keys}::text[])`, sql`(a.match_key2 || '') = ANY(${keys2}::text[])`);
  }
  if (deal.user_id !== null) where.push(sql`a.user_id <> ${deal.user_id}`);
  where.push(deal.price_pence === null ? sql`a.max_price_pence IS NULL` : sql`(a.max_price_pence IS NULL OR a.max_price_pence >= ${deal.price_pence})`);
  // Activation: alerts without a temperature, or whose temperature the deal already has. A rise from F to T: the
  // alerts waiting for more than F and at most T (the others matched before, or wait for more).
  where.push(
    via === 'activation'
      ? sql`(a.min_temperature IS NULL OR a.min_temperature <= ${deal.temperature})`
      : // Unary plus: the temperature is checked on the rows the match-key probes find, never a range read per key.
        sql`+a.min_temperature > ${fromTemperature ?? deal.temperature - 1} AND +a.min_temperature <= ${deal.temperature}`,
  );
  // Whether the owner is verified: a subquery by key per candidate row (a join lets PostgreSQL hash the whole users
  // table for a few hundred candidates), filtered in JS with the rest.
  return sql<Candidate & { verified: number }>`SELECT a.id, a.user_id, a.query, a.category_id, a.store_id, a.max_price_pence, a.min_temperature, a.frequency,
    (SELECT CASE WHEN u.email_verified_at IS NULL THEN 0 ELSE 1 END FROM users u WHERE u.id = a.user_id) AS verified
    FROM ${from} WHERE ${sql.join(where, sql` AND `)}`;
}

/** The alerts a deal matches, found through the index and checked in full (no write): what the benchmark times. */
export async function findMatchingAlerts(
  db: Kysely<Database>,
  dialect: Dialect,
  deal: DealRowWithRefs,
  via: MatchVia,
  fromTemperature?: number,
): Promise<{ candidates: number; matched: Candidate[] }> {
  const facts = dealFacts(deal);
  if (facts.starts.size === 0) return { candidates: 0, matched: [] };
  const rows = (await candidateQuery(dialect, deal, facts, via, fromTemperature).execute(db)).rows;
  const matched = rows
    .filter((r) => Number(r.verified) === 1)
    .map(({ verified: _, ...r }) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id) }))
    .filter((a) => alertMatchesDeal(a, facts));
  return { candidates: rows.length, matched };
}

/** Records the matches of one live deal and queues the instant mails; returns how many alerts newly matched. */
async function recordMatches(db: Db, trx: Tx, deal: DealRowWithRefs, via: MatchVia, nowIso: string, fromTemperature?: number): Promise<number> {
  if (!isLive(deal.status, deal.expires_at, Date.parse(nowIso))) return 0;
  const { matched } = await findMatchingAlerts(trx, db.dialect, deal, via, fromTemperature);
  if (matched.length === 0) return 0;
  const frequency = new Map(matched.map((a) => [a.id, a.frequency]));
  const fresh: number[] = [];
  for (let i = 0; i < matched.length; i += CHUNK) {
    const rows = await trx
      .insertInto('alert_matches')
      .values(
        matched.slice(i, i + CHUNK).map((a) => ({
          alert_id: a.id,
          deal_id: deal.id,
          via,
          matched_at: nowIso,
          // Instant: handed to the outbox right here. Daily: left for the digest.
          notified_at: a.frequency === 'instant' ? nowIso : null,
        })),
      )
      .onConflict((oc) => oc.columns(['alert_id', 'deal_id']).doNothing())
      .returning('alert_id')
      .execute();
    fresh.push(...rows.map((r) => Number(r.alert_id)));
  }
  const instant = fresh.filter((id) => frequency.get(id) === 'instant');
  const byId = new Map(matched.map((a) => [a.id, a]));
  await notifyAlertMatches(
    db,
    trx,
    { id: deal.id, title: deal.title, status: deal.status, user_id: deal.user_id },
    instant.map((id) => ({ id, userId: byId.get(id)?.user_id ?? 0, query: byId.get(id)?.query ?? '' })),
    nowIso,
  );
  await enqueueMails(
    trx,
    instant.map((alertId) => ({ kind: ALERT_INSTANT_KIND, dedupeKey: instantDedupeKey(alertId, deal.id), payload: { alertId, dealId: deal.id } })),
    nowIso,
  );
  return fresh.length;
}

const dealWithRefs = (trx: Tx, dealId: number) =>
  selectDealsWithRefs(trx).where('d.id', '=', dealId).executeTakeFirst() as Promise<DealRowWithRefs | undefined>;

/** The lifecycle's `deal.activated` subscriber (in the activation's transaction). */
export async function matchActivatedDeal(db: Db, trx: Tx, dealId: number, nowIso: string): Promise<number> {
  const deal = await dealWithRefs(trx, dealId);
  return deal ? recordMatches(db, trx, deal, 'activation', nowIso) : 0;
}

/**
 * A deal's temperature rose from `fromTemperature` to `temperature` outside the lifecycle (votes/commands.ts castVote
 * calls this inside the vote's transaction; the default `from` is one less, what one upvote adds): the alerts waiting
 * for a temperature in (from, to] may now match. One index probe when none is waiting, the usual case.
 */
export async function matchWarmerDeal(
  db: Db,
  trx: Tx,
  dealId: number,
  temperature: number,
  fromTemperature = temperature - 1,
  nowIso = new Date().toISOString(),
): Promise<number> {
  if (temperature <= fromTemperature) return 0;
  const waiting = await trx
    .selectFrom('alerts')
    .select('id')
    .where('paused', '=', 0)
    .where('min_temperature', '>', fromTemperature)
    .where('min_temperature', '<=', temperature)
    .limit(1)
    .executeTakeFirst();
  if (!waiting) return 0;
  const deal = await dealWithRefs(trx, dealId);
  return deal ? recordMatches(db, trx, deal, 'temperature', nowIso, fromTemperature) : 0;
}
