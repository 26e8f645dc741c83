import { groupDigits } from '../../../../shared/domain/money';
import type { Analytics } from '../../../../shared/schemas/admin/analytics';
import { Link } from '../../../components/Link';
import { Panel } from '../components/Panel';

const EMPTY = <p className="px-5 py-4 text-sm text-slate-600">No clicks in this period.</p>;

/** The period's top deals by clicks, with their views and click-through rate. */
export function TopDeals({ deals }: { deals: Analytics['topDeals'] }) {
  return (
    <Panel id="top-deals" title="Top deals by clicks">
      {deals.length === 0 ? (
        EMPTY
      ) : (
        <ol className="divide-y divide-slate-100" data-testid="top-deals">
          {deals.map((d, i) => (
            <li key={d.id} className="flex items-center gap-3 px-5 py-3 text-sm">
              <span className="w-5 shrink-0 text-right tabular-nums text-slate-500">{i + 1}</span>
              <div className="min-w-0 flex-1">
                <Link to={`/dealDetail/${d.id}`} className="block truncate font-medium text-slate-900 hover:text-emerald-700">
                  {d.title}
                </Link>
                <p className="truncate text-xs text-slate-600">{d.storeName}</p>
              </div>
              <dl className="grid shrink-0 grid-cols-3 gap-3 text-right tabular-nums">
                <Stat label="Clicks" value={groupDigits(d.clicks)} />
                <Stat label="Views" value={groupDigits(d.views)} />
                <Stat label="CTR" value={`${d.ctr.toFixed(1)}%`} />
              </dl>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-[11px] uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** Shops or categories by clicks. */
export function TopGroups({
  id,
  title,
  groups,
  link,
}: {
  id: string;
  title: string;
  groups: NonNullable<Analytics['topShops']>;
  link: (id: number) => string;
}) {
  return (
    <Panel id={id} title={title}>
      {groups.length === 0 ? (
        EMPTY
      ) : (
        <ol className="divide-y divide-slate-100" data-testid={id}>
          {groups.map((g, i) => (
            <li key={g.id} className="flex items-center gap-3 px-5 py-2.5 text-sm">
              <span className="w-5 shrink-0 text-right tabular-nums text-slate-500">{i + 1}</span>
              <Link to={link(g.id)} className="min-w-0 flex-1 truncate font-medium text-slate-900 hover:text-emerald-700">
                {g.name}
              </Link>
              <span className="shrink-0 tabular-nums text-slate-700">
                {groupDigits(g.clicks)} {g.clicks === 1 ? 'click' : 'clicks'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** The share of the period's clicks whose redirect carried an affiliate tag. */
export function TaggedShare({ tagged }: { tagged: NonNullable<Analytics['tagged']> }) {
  return (
    <Panel id="tagged-share" title="Affiliate-tagged clicks">
      <div className="px-5 py-4">
        <p className="text-3xl font-bold tabular-nums text-slate-900">{tagged.percent.toFixed(1)}%</p>
        <p className="mt-1 text-sm text-slate-600">
          {groupDigits(tagged.taggedClicks)} of {groupDigits(tagged.clicks)} clicks went out with an affiliate tag.
        </p>
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div className="h-full rounded-full bg-emerald-600" style={{ width: `${Math.min(100, tagged.percent)}%` }} />
        </div>
      </div>
    </Panel>
  );
}
