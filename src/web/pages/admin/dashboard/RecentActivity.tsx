import { formatDistanceToNow } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { formatDateTime } from '../../../lib/dates/dates';
import { FolderTree, List, Store, Tag, UserPlus } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from '../../../components/Link';
import type { RecentActivityItem } from '../../../../shared/schemas/admin/admin-dashboard';
import { SkeletonRows } from '../../../components/SkeletonRows';

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

function ActivityRow({ item }: { item: RecentActivityItem }) {
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
    <li className="flex items-start gap-3 p-4">
      <span
        className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${item.type === 'user' ? 'bg-sky-100 text-sky-700' : 'bg-slate-100 text-slate-600'}`}
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="break-words text-slate-700">
          {item.type === 'user' && item.action === 'joined' ? (
            <>{title} joined</>
          ) : (
            <>
              <span className="font-semibold text-slate-900">{item.user?.username ?? 'Someone'}</span> {item.action} {title}
            </>
          )}
        </p>
        {Number.isFinite(when) && (
          <time dateTime={item.timestamp} title={formatDateTime(new Date(when))} className="text-xs text-slate-500">
            {formatDistanceToNow(when, { addSuffix: true, locale: enGB })}
          </time>
        )}
      </div>
    </li>
  );
}

/** The ten latest events across members, deals and the catalogue, each linking to where it can be handled. */
export function RecentActivity({ items }: { items: RecentActivityItem[] }) {
  if (items.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">No recent activity found</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="recent-activity">
      {items.slice(0, 10).map((item) => (
        <ActivityRow key={item.key} item={item} />
      ))}
    </ul>
  );
}

export function ActivitySkeleton() {
  return (
    <SkeletonRows
      count={5}
      aria-busy="true"
      aria-label="Loading recent activity"
      className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
      itemClassName="flex animate-pulse items-center gap-3 p-4"
      bars={['h-3.5 w-2/3 rounded bg-slate-200', 'h-3 w-24 rounded bg-slate-100']}
    />
  );
}
