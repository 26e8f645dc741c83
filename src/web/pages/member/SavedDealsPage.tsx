import { Bookmark, BookmarkX } from 'lucide-react';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { errorMessage } from '../../api/client';
import { useToggleSave } from '../../api/deals/deal-mutations';
import { useSavedDeals } from '../../api/members/members';
import { DealCard, DealCardSkeleton } from '../../components/deal/DealCard';
import { browseDealsLink, EmptyState, ErrorState, MemberPage, PagedItems, usePagedList } from './MemberPage';
import { usePageTitle } from '../../app/usePageTitle';
import { skeletonKeys } from '../../lib/skeleton-keys';

const GRID = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

function SavedDeal({ deal }: { deal: Deal }) {
  const toggle = useToggleSave(deal.id);
  return (
    <li className="flex flex-col gap-2">
      <div className="flex-1">
        <DealCard deal={deal} />
      </div>
      <button
        type="button"
        onClick={() => toggle.mutate(false)}
        disabled={toggle.isPending}
        aria-label={`Remove ${deal.title} from saved deals`}
        className="inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 disabled:opacity-60"
      >
        <BookmarkX className="h-4 w-4" aria-hidden="true" />
        {toggle.isPending ? 'Removing...' : 'Remove'}
      </button>
    </li>
  );
}

export default function SavedDealsPage() {
  usePageTitle('Saved deals');
  const { list: saved, hrefFor, total } = usePagedList(useSavedDeals);

  return (
    <MemberPage
      title="Saved Deals"
      description={
        saved.data && total > 0 ? `${total} deal${total === 1 ? '' : 's'} saved for later.` : 'Deals you save appear here so you can come back to them.'
      }
    >
      {saved.isPending ? (
        <div className={GRID} data-testid="saved-loading">
          <span className="sr-only" role="status">
            Loading saved deals
          </span>
          {skeletonKeys(8).map((key) => (
            <DealCardSkeleton key={key} />
          ))}
        </div>
      ) : saved.isError ? (
        <ErrorState message={`Error loading saved deals: ${errorMessage(saved.error, 'Request failed')}.`} onRetry={() => saved.refetch()} />
      ) : saved.data.items.length === 0 ? (
        <EmptyState icon={Bookmark} title="No saved deals" action={browseDealsLink}>
          Save a deal from its page and it waits here for you.
        </EmptyState>
      ) : (
        <PagedItems data={saved.data} loadingNext={saved.isPlaceholderData} className={GRID} label="Saved deal pages" hrefFor={hrefFor}>
          {(deal) => <SavedDeal key={deal.id} deal={deal} />}
        </PagedItems>
      )}
    </MemberPage>
  );
}
