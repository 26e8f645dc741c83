import {
  type OpenReportCount,
  REPORT_REASONS,
  type ReportQueueItem,
  type ReportQueuePage,
  type ReportReason,
  type ReportResolution,
} from '../../../shared/schemas/admin/reports.js';
import type { Db } from '../../db/connection.js';

const dealLink = (id: number) => `/dealDetail/${id}`;
const noReasons = () => Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>;

interface Group {
  dealId: number;
  resolvedAt: string | null;
}
const keyOf = (g: Group) => `${g.dealId}|${g.resolvedAt ?? ''}`;

/**
 * GET /admin/reports: the team's queue, one item per deal.
 * - open: every deal with open reports, the most recently reported first;
 * - resolved: every resolution (a deal's reports closed together), the most recent first; a deal reported again after
 *   a dismissal appears once per resolution.
 * Each item has the deal (id, title, status, temperature), the count per reason, and the reports with their notes and
 * reporters' usernames. Groups come off the (resolved_at, deal_id, created_at) index; the page's reports, deals and
 * users are then read by key.
 */
export async function reportQueue(db: Db, status: 'open' | 'resolved', page: number, limit: number): Promise<ReportQueuePage> {
  const k = db.kysely;
  const offset = (page - 1) * limit;
  let groups: Group[];
  let totalCount: number;
  if (status === 'open') {
    const [rows, total] = await Promise.all([
      k
        .selectFrom('deal_reports')
        .select(['deal_id', (eb) => eb.fn.max('created_at').as('last_at'), (eb) => eb.fn.max('id').as('last_id')])
        .where('resolved_at', 'is', null)
        .groupBy('deal_id')
        // Two reports in the same millisecond: the later one (the larger id) still decides which deal comes first.
        .orderBy('last_at', 'desc')
        .orderBy('last_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      k
        .selectFrom('deal_reports')
        .select((eb) => eb.fn.count<number>('deal_id').distinct().as('n'))
        .where('resolved_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    groups = rows.map((r) => ({ dealId: r.deal_id, resolvedAt: null }));
    totalCount = Number(total.n);
  } else {
    const batches = k.selectFrom('deal_reports').select(['resolved_at', 'deal_id']).where('resolved_at', 'is not', null).groupBy(['resolved_at', 'deal_id']);
    const [rows, total] = await Promise.all([
      batches.orderBy('resolved_at', 'desc').orderBy('deal_id', 'desc').limit(limit).offset(offset).execute(),
      k
        .selectFrom(batches.as('b'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    groups = rows.map((r) => ({ dealId: r.deal_id, resolvedAt: r.resolved_at }));
    totalCount = Number(total.n);
  }

  const items: ReportQueueItem[] = [];
  if (groups.length > 0) {
    const dealIds = [...new Set(groups.map((g) => g.dealId))];
    const times = [...new Set(groups.map((g) => g.resolvedAt).filter((t): t is string => t !== null))];
    const [reports, deals] = await Promise.all([
      k
        .selectFrom('deal_reports as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .leftJoin('users as rb', 'rb.id', 'r.resolved_by')
        .selectAll('r')
        .select(['u.username', 'rb.username as resolver'])
        .where('r.deal_id', 'in', dealIds)
        .$if(status === 'open', (qb) => qb.where('r.resolved_at', 'is', null))
        .$if(status === 'resolved', (qb) => qb.where('r.resolved_at', 'in', times))
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .execute(),
      k.selectFrom('deals').select(['id', 'title', 'status', 'temperature']).where('id', 'in', dealIds).execute(),
    ]);
    const dealById = new Map(deals.map((d) => [d.id, d]));
    const byGroup = new Map<string, typeof reports>();
    for (const r of reports) {
      const key = keyOf({ dealId: r.deal_id, resolvedAt: r.resolved_at });
      byGroup.set(key, [...(byGroup.get(key) ?? []), r]);
    }
    for (const g of groups) {
      const list = byGroup.get(keyOf(g)) ?? [];
      const deal = dealById.get(g.dealId);
      if (!deal || list.length === 0) continue;
      const reasons = noReasons();
      for (const r of list) if (r.reason in reasons) reasons[r.reason as ReportReason] += 1;
      const first = list[list.length - 1];
      const closedBy = list[0];
      items.push({
        deal: { id: deal.id, title: deal.title, status: deal.status, temperature: deal.temperature, link: dealLink(deal.id) },
        reportCount: list.length,
        reasons,
        firstReportedAt: first.created_at,
        lastReportedAt: list[0].created_at,
        reports: list.map((r) => ({
          id: r.id,
          reason: r.reason as ReportReason,
          note: r.note,
          reporter: { id: r.user_id, username: r.username },
          createdAt: r.created_at,
        })),
        resolution:
          g.resolvedAt === null
            ? null
            : {
                action: closedBy.resolution as ReportResolution,
                resolvedAt: g.resolvedAt,
                resolvedBy: closedBy.resolved_by !== null && closedBy.resolver ? { id: closedBy.resolved_by, username: closedBy.resolver } : null,
              },
      });
    }
  }
  return { items, status, totalCount, page, limit, totalPages: Math.ceil(totalCount / limit) };
}

/** GET /admin/reports/count: the back office's badge. Both counts come off the queue index. */
export async function openReportCount(db: Db): Promise<OpenReportCount> {
  const row = await db.kysely
    .selectFrom('deal_reports')
    .select([(eb) => eb.fn.countAll<number>().as('reports'), (eb) => eb.fn.count<number>('deal_id').distinct().as('deals')])
    .where('resolved_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { openDeals: Number(row.deals), openReports: Number(row.reports) };
}
