import { useState } from 'react';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { useAuth } from '../../app/auth/AuthContext';
import { useQuery } from '@tanstack/react-query';
import type { DealPage } from '../../../shared/schemas/deals/deals';
import { api } from '../../api/client';
import { LatestDeals } from './LatestDeals';

const tab = 'rounded-t-md border-b-2 px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500';

/**
 * The home page's latest deals, with a Following tab for members (docs/notes/vouchers-follows.md): part of the
 * below-the-fold chunk, so nothing of it is in the home page's first load. The Following list is fetched only once
 * the tab is chosen.
 */
export function HomeFollowing({ latest }: { latest: { deals: Deal[] | undefined; loading: boolean } }) {
  const { isAuthenticated, user } = useAuth();
  const [following, setFollowing] = useState(false);
  // The member's own list (GET /deals?following=1), keyed as browse's Following tab keys it.
  const mine = useQuery({
    queryKey: ['deals', 'list', 'following', user?.id ?? 0, 1, 20],
    queryFn: ({ signal }) => api.get<DealPage>('/deals', { following: '1', page: 1, pageSize: 20 }, signal),
    enabled: following && !!user,
  });
  if (!isAuthenticated) return <LatestDeals deals={latest.deals} loading={latest.loading} />;
  const item = (on: boolean, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={following === on}
      onClick={() => setFollowing(on)}
      className={`${tab} ${following === on ? 'border-emerald-700 text-emerald-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
    >
      {label}
    </button>
  );
  return (
    <div>
      <div role="tablist" aria-label="Deal lists" className="mb-3 flex gap-1 border-b border-slate-200" data-testid="home-following-tabs">
        {item(false, 'Latest')}
        {item(true, 'Following')}
      </div>
      {following ? <LatestDeals deals={mine.data?.deals} loading={mine.isLoading} following /> : <LatestDeals deals={latest.deals} loading={latest.loading} />}
    </div>
  );
}
