import { Folder, Store, User } from 'lucide-react';
import type { FollowType } from '../../../shared/domain/members/follows';
import { usePageTitle } from '../../app/usePageTitle';
import { useFollowList, useToggleFollow } from '../../api/members/follows';
import { Link } from '../../components/Link';
// Pages load the Follow button from this chunk, with the follow hooks it shares (docs/notes/web-weight.md).
export { default as FollowButton } from '../../components/follow/FollowButton';
import { LoadFailedPage } from '../../components/MessagePage';

const ICONS: Record<FollowType, typeof Store> = { store: Store, category: Folder, member: User };
const KIND: Record<FollowType, string> = { store: 'Shop', category: 'Category', member: 'Member' };

/** /following (docs/notes/vouchers-follows.md): what the member follows, with unfollow and a link to their deals. */
export default function FollowingPage() {
  usePageTitle('Following');
  const list = useFollowList();
  const toggle = useToggleFollow();
  if (list.isError) return <LoadFailedPage title="Error loading what you follow" error={list.error} />;
  const data = list.data;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Following</h1>
          <p className="mt-1 text-slate-600">
            New deals from these shops, categories and members show in your Following tab and notifications.
            {data && ` ${data.total} of ${data.max}.`}
          </p>
        </div>
        <Link to="/dealsBrowse?following=1" className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800">
          Their deals
        </Link>
      </div>
      {list.isLoading && <p className="mt-6 text-slate-600">Loading...</p>}
      {data && data.items.length === 0 && (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          You don't follow anything yet. Press Follow on a{' '}
          <Link to="/stores" className="text-emerald-700 underline">
            shop
          </Link>
          , a category in browse, or a member's page.
        </p>
      )}
      <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="following-list">
        {data?.items.map((item) => {
          const Icon = ICONS[item.type];
          return (
            <li key={`${item.type}-${item.id}`} className="flex items-center gap-3 px-4 py-3">
              <Icon className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <Link to={item.url} className="font-semibold text-slate-900 hover:underline">
                  {item.name}
                </Link>
                <p className="text-xs text-slate-600">{KIND[item.type]}</p>
              </div>
              <button
                type="button"
                onClick={() => toggle.mutate({ type: item.type, id: item.id, follow: false })}
                disabled={toggle.isPending}
                className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
              >
                Unfollow<span className="sr-only"> {item.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
