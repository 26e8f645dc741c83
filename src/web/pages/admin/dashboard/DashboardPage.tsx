import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { formatDistanceToNow } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { AlertCircle, Bot, CheckCircle2, Clock3, FolderTree, List, RefreshCw, Store, Tag, TrendingDown, TrendingUp, UserPlus, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { DashboardStats, RecentActivityItem } from '../../../../shared/api';
import { useDashboard } from '../../../api/admin';
import { PageHeader } from '../components/PageHeader';
import { btnPrimary } from '../components/buttons';

/** Share of the total, in whole percent; nothing of nothing is 0 %. */
export const percentOf = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

export default function DashboardPage() {
  const { data, isPending } = useDashboard();

  return (
    <div>
      <PageHeader title="Dashboard" subtitle="An overview of QuidsIn: members, deals and what happened lately." />
      {data?.failed ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          <div className="flex items-start gap-3">
            <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-medium">Failed to load dashboard data. Please try again later.</p>
              <button type="button" onClick={() => window.location.reload()} className={`${btnPrimary} mt-4`}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                Retry
              </button>
            </div>
          </div>
        </div>
      ) : (
        <TabGroup>
          <TabList className="mb-6 inline-flex rounded-lg bg-slate-200/70 p-1">
            {['Statistics', 'Quick Access'].map((t) => (
              <Tab
                key={t}
                className="rounded-md px-4 py-1.5 text-sm font-medium text-slate-600 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-emerald-500 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm"
              >
                {t}
              </Tab>
            ))}
          </TabList>
          <TabPanels>
            <TabPanel className="space-y-8 focus:outline-none">
              <section aria-labelledby="overview-heading">
                <h2 id="overview-heading" className="mb-3 text-lg font-semibold text-slate-900">
                  Overview
                </h2>
                {isPending || !data ? <StatSkeletons /> : <StatCards stats={data.stats} />}
              </section>
              <section aria-labelledby="activity-heading">
                <h2 id="activity-heading" className="mb-3 text-lg font-semibold text-slate-900">
                  Recent Activity
                </h2>
                {isPending || !data ? <ActivitySkeleton /> : <RecentActivity items={data.recentActivity} />}
              </section>
            </TabPanel>
            <TabPanel className="focus:outline-none">
              <QuickAccess />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      )}
    </div>
  );
}

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

function StatCards({ stats }: { stats: DashboardStats }) {
  const activePct = percentOf(stats.activeDeals, stats.totalDeals);
  const pendingPct = percentOf(stats.pendingDeals, stats.totalDeals);
  const cards: Array<{ label: string; value: number; to: string; icon: ComponentType<{ className?: string }>; tone: string; foot: React.ReactNode }> = [
    {
      label: 'Total Users',
      value: stats.totalUsers,
      to: '/admin/users',
      icon: Users,
      tone: 'bg-sky-100 text-sky-700',
      foot: (
        <>
          <span>{stats.newUsersToday} new today</span>
          <Growth value={stats.userGrowth} label="Members who joined in the last 7 days against the 7 days before" />
        </>
      ),
    },
    {
      label: 'Total Deals',
      value: stats.totalDeals,
      to: '/admin/deals',
      icon: Tag,
      tone: 'bg-violet-100 text-violet-700',
      foot: (
        <>
          <span>{stats.newDealsToday} new today</span>
          <Growth value={stats.dealGrowth} label="Deals posted in the last 7 days against the 7 days before" />
        </>
      ),
    },
    {
      label: 'Active Deals',
      value: stats.activeDeals,
      to: '/admin/deals?status=active',
      icon: CheckCircle2,
      tone: 'bg-emerald-100 text-emerald-700',
      foot: <Percent value={activePct} bar="bg-emerald-500" />,
    },
    {
      label: 'Pending Deals',
      value: stats.pendingDeals,
      to: '/admin/deals?status=pending',
      icon: Clock3,
      tone: 'bg-amber-100 text-amber-700',
      foot: <Percent value={pendingPct} bar="bg-amber-500" />,
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ label, value, to, icon: Icon, tone, foot }) => (
        <li key={label}>
          <Link
            to={to}
            data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
            className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-emerald-300 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            <div className="flex items-center justify-between">
              <span className="text-sm font-medium text-slate-600">{label}</span>
              <span className={`flex h-9 w-9 items-center justify-center rounded-lg ${tone}`}>
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
            </div>
            <p className="mt-2 text-3xl font-bold tabular-nums text-slate-900">{value.toLocaleString('en-GB')}</p>
            <div className="mt-3 flex min-h-10 flex-col justify-end gap-1 text-xs text-slate-500">{foot}</div>
          </Link>
        </li>
      ))}
    </ul>
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

function StatSkeletons() {
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

function ActivitySkeleton() {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-busy="true" aria-label="Loading recent activity">
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} className="flex animate-pulse items-center gap-3 p-4">
          <div className="h-9 w-9 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-2/3 rounded bg-slate-200" />
            <div className="h-3 w-24 rounded bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}

const TYPE_ICON: Record<RecentActivityItem['type'], ComponentType<{ className?: string }>> = {
  user: UserPlus,
  deal: Tag,
  category: FolderTree,
  store: Store,
  comment: List,
};

function activityLink(item: RecentActivityItem): string | null {
  if (item.type === 'deal' && item.action !== 'deleted') return `/admin/deals/edit/${item.id}`;
  if (item.type === 'user') return '/admin/users';
  if (item.type === 'category') return '/admin/categories';
  if (item.type === 'store') return '/admin/stores';
  return null;
}

function RecentActivity({ items }: { items: RecentActivityItem[] }) {
  if (items.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">No recent activity found</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="recent-activity">
      {items.slice(0, 10).map((item, i) => {
        const Icon = TYPE_ICON[item.type] ?? Tag;
        const link = activityLink(item);
        const when = Date.parse(item.timestamp);
        const title = link ? (
          <Link to={link} className="font-medium text-emerald-700 hover:underline">
            {item.title}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{item.title}</span>
        );
        return (
          <li key={`${item.type}-${item.id}-${item.timestamp}-${i}`} className="flex items-start gap-3 p-4">
            <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${item.type === 'user' ? 'bg-sky-100 text-sky-700' : 'bg-slate-100 text-slate-600'}`}>
              <Icon className="h-4 w-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1 text-sm">
              <p className="break-words text-slate-700">
                {item.type === 'user' && item.action === 'joined' ? (
                  <>
                    {title} joined
                  </>
                ) : (
                  <>
                    <span className="font-semibold text-slate-900">{item.user?.username ?? 'Someone'}</span> {item.action} {title}
                  </>
                )}
              </p>
              {Number.isFinite(when) && (
                <time dateTime={item.timestamp} title={new Date(when).toLocaleString('en-GB')} className="text-xs text-slate-500">
                  {formatDistanceToNow(when, { addSuffix: true, locale: enGB })}
                </time>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

const QUICK: Array<{ label: string; text: string; to: string; icon: ComponentType<{ className?: string }> }> = [
  { label: 'Categories', text: 'Add, rename and remove deal categories.', to: '/admin/categories', icon: FolderTree },
  { label: 'Stores', text: 'Manage merchants and their logos.', to: '/admin/stores', icon: Store },
  { label: 'Deals', text: 'Review pending deals, edit and activate.', to: '/admin/deals', icon: List },
  { label: 'Users', text: 'See members and change their roles.', to: '/admin/users', icon: Users },
  { label: 'Scrapers', text: 'Import deals from the deals website.', to: '/admin/scrapers', icon: Bot },
];

function QuickAccess() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {QUICK.map(({ label, text, to, icon: Icon }) => (
        <li key={label}>
          <Link
            to={to}
            className="flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-emerald-300 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-emerald-100 text-emerald-700">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{label}</span>
              <span className="mt-0.5 block text-sm text-slate-600">{text}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
