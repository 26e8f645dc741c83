import { PlusCircle, Tag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from '../../components/Link';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { usePageTitle } from '../../app/usePageTitle';
import { useDeleteMyDeal, useMyDeals } from '../../api/members/members';
import { DeleteDealDialog } from '../../components/dialogs/DeleteDealDialog';
import { SkeletonRows } from '../../components/SkeletonRows';
import { toast } from '../../lib/toast/toast';
import { EmptyState, ErrorState, MemberPage, primaryLink } from './MemberPage';
import { MyDealsList, MyDealsTable } from './MyDealRows';

const LOAD_FAILED = 'Failed to load your deals. Please try again later.';

export default function MyDealsPage() {
  usePageTitle('Your deals');
  const deals = useMyDeals();
  const remove = useDeleteMyDeal();
  const [pending, setPending] = useState<Deal | null>(null);

  useEffect(() => {
    if (deals.isError) toast.error(LOAD_FAILED);
  }, [deals.isError]);

  const postLink = (
    <Link to="/deals/create" className={primaryLink}>
      <PlusCircle className="h-4 w-4" aria-hidden="true" />
      Post a Deal
    </Link>
  );
  const count = deals.data?.length ?? 0;

  return (
    <MemberPage
      title="Your Deals"
      description={count > 0 ? `${count} deal${count === 1 ? '' : 's'} shared with the community.` : 'The deals you have shared with the community.'}
      action={postLink}
    >
      {deals.isPending ? (
        <>
          <span className="sr-only" role="status">
            Loading your deals
          </span>
          <SkeletonRows
            count={5}
            aria-hidden="true"
            className="animate-pulse space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
            itemClassName="flex items-center gap-3"
            lead="h-14 w-14 rounded-lg bg-slate-200"
            bars={['h-4 w-2/3 rounded bg-slate-200', 'h-3 w-1/3 rounded bg-slate-200']}
          />
        </>
      ) : deals.isError ? (
        <ErrorState message={LOAD_FAILED} onRetry={() => deals.refetch()} />
      ) : deals.data.length === 0 ? (
        <EmptyState icon={Tag} title="You haven't posted any deals yet" action={postLink}>
          Found a bargain? Share it and let the community vote it hot.
        </EmptyState>
      ) : (
        <>
          <MyDealsTable deals={deals.data} onDelete={setPending} />
          <MyDealsList deals={deals.data} onDelete={setPending} />
        </>
      )}
      <DeleteDealDialog
        open={pending !== null}
        title="Delete deal"
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
        onClose={() => setPending(null)}
      >
        {pending && <p className="mt-2 line-clamp-2 text-sm font-medium text-slate-900">{pending.title}</p>}
      </DeleteDealDialog>
    </MemberPage>
  );
}
