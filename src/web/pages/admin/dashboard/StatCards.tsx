import { BarChart3, CheckCircle2, Clock3, Tag, TrendingDown, TrendingUp, Users } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from '../../../components/Link';
import type { DashboardStats } from '../../../../shared/schemas/admin/admin-dashboard';
import { groupDigits } from '../../../../shared/domain/money';

/** Share of the total, in whole percent; nothing of nothing is 0 %. */
export const percentOf = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

function Growth({ value, label }: { value: number; label: string }) {
  const up = value >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <span className={`inline-flex items-center gap-1 text-xs font-medium ${up ? 'text-emerald-700' : 'text-red-700'}`} title={label}>
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {up ? '+' : ''}
      {value}% <span className="font-normal text-slate-500">vs last week</span>
    </span>
  );
}

function Percent({ value, bar }: { value: number; bar: string }) {
  return (
    <span className="flex w-full items-center gap-2">
      <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <span className={`block h-full rounded-full ${bar}`} style={{ width: `${value}%` }} />
      </span>
      <span className="font-medium text-slate-700">{value}% of total</span>
    </span>
  );
}

interface Card {
  label: string;
  value: number;
  to: string;
  icon: ComponentType<{ className?: string }>;
  tone: string;
  foot: ReactNode;
}

/** A total with what joined today and the week-on-week change. */
const newToday = (today: number, growth: number, growthLabel: string) => (
  <>
    <span>{today} new today</span>
    <Growth value={growth} label={growthLabel} />
  </>
);

function cardsFor(stats: DashboardStats): Card[] {
  return [
    {
      label: 'Total Users',
      value: stats.totalUsers,
      to: '/admin/users',
      icon: Users,
      tone: 'bg-sky-100 text-sky-700',
      foot: newToday(stats.newUsersToday, stats.userGrowth, 'Members who joined in the last 7 days against the 7 days before'),
    },
    {
      label: 'Total Deals',
      value: stats.totalDeals,
      to: '/admin/deals',
      icon: Tag,
      tone: 'bg-violet-100 text-violet-700',
      foot: newToday(stats.newDealsToday, stats.dealGrowth, 'Deals posted in the last 7 days against the 7 days before'),
    },
    {
      label: 'Active Deals',
      value: stats.activeDeals,
      to: '/admin/deals?status=active',
      icon: CheckCircle2,
      tone: 'bg-emerald-100 text-emerald-700',
      foot: <Percent value={percentOf(stats.activeDeals, stats.totalDeals)} bar="bg-emerald-500" />,
    },
    {
      label: 'Pending Deals',
      value: stats.pendingDeals,
      to: '/admin/deals?status=pending',
      icon: Clock3,
      tone: 'bg-amber-100 text-amber-700',
      foot: <Percent value={percentOf(stats.pendingDeals, stats.totalDeals)} bar="bg-amber-500" />,
    },
  ];
}

/** The four totals, each a link to the list it counts, and one to their trends in the analytics (docs/notes/analytics.md). */
export function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cardsFor(stats).map(({ label, value, to, icon: Icon, tone, foot }) => (
        <li key={label} className="flex h-full flex-col rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-emerald-300 hover:shadow">
          <Link
            to={to}
            data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
            className="block flex-1 rounded-t-xl p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            <div className="flex items-center justify-between">
              <span className="text-sm font-medium text-slate-600">{label}</span>
              <span className={`flex h-9 w-9 items-center justify-center rounded-lg ${tone}`}>
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
            </div>
            <p className="mt-2 text-3xl font-bold tabular-nums text-slate-900">{groupDigits(value)}</p>
            <div className="mt-3 flex min-h-10 flex-col justify-end gap-1 text-xs text-slate-500">{foot}</div>
          </Link>
          <Link
            to="/admin/analytics"
            aria-label={`${label}: trends in Analytics`}
            className="flex items-center gap-1 rounded-b-xl border-t border-slate-100 px-5 py-2 text-xs font-medium text-emerald-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            <BarChart3 className="h-3.5 w-3.5" aria-hidden="true" />
            Trends in Analytics
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function StatSkeletons() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true" aria-label="Loading statistics">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="h-[138px] animate-pulse rounded-xl border border-slate-200 bg-white p-5">
          <div className="h-4 w-24 rounded bg-slate-200" />
          <div className="mt-4 h-8 w-20 rounded bg-slate-200" />
          <div className="mt-4 h-3 w-full rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}
