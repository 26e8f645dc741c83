import { useState } from 'react';
import type { Deal } from '../../../../shared/schemas/deals/deals';
import { statusLabel } from '../../../../shared/domain/deals/deal-status';
import { usePullBack, useTrustedPosts } from '../../../api/admin/admin-deals';
import { usePageTitle } from '../../../app/usePageTitle';
import { Link } from '../../../components/Link';
import { Spinner } from '../../../components/Spinner';
import { priceText, shortDate } from '../../../components/deal/format';
import { btnDangerOutline, btnPrimary, btnSecondary } from '../components/buttons';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { ReasonField } from '../components/form/ReasonField';

/**
 * "Posted by trusted members" (docs/notes/posting.md): deals that went live without review, newest first, for the
 * team to look over; a live one can be pulled back to pending with a reason its poster reads.
 */
export default function TrustedPostsPage() {
  usePageTitle('Posted by trusted members');
  const posts = useTrustedPosts();
  const pullBack = usePullBack();
  const [target, setTarget] = useState<Deal | null>(null);
  const [reason, setReason] = useState('');

  const close = () => {
    setTarget(null);
    setReason('');
  };
  const confirm = () => {
    if (!target) return;
    pullBack.mutate({ id: target.id, reason }, { onSuccess: close });
  };

  return (
    <div>
      <PageHeader
        title="Posted by trusted members"
        subtitle="Deals from members with a good record go live at once. Look them over; pull one back to pending if it needs checking."
      />
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {posts.isPending ? (
          <Spinner label="Loading deals" />
        ) : posts.isError ? (
          <p role="alert" className="p-6 text-sm text-red-700">
            Failed to fetch deals.
          </p>
        ) : posts.data.length === 0 ? (
          <p className="p-10 text-center text-sm text-slate-500">No deals posted by trusted members yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="trusted-posts">
            {posts.data.map((deal) => (
              <li key={deal.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="trusted-post">
                <div className="min-w-0">
                  <Link to={`/admin/deals/edit/${deal.id}`} className="font-medium text-slate-900 hover:text-emerald-700">
                    {deal.title}
                  </Link>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {priceText(deal.price)} · {deal.storeName} · by {deal.userUsername ?? 'a member'} · {shortDate(deal.createdAt)} ·{' '}
                    <span className="font-semibold">{statusLabel(deal.status)}</span>
                  </p>
                </div>
                {deal.status === 'active' && (
                  <button type="button" className={btnDangerOutline} onClick={() => setTarget(deal)}>
                    Pull back to pending
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <Modal open={!!target} title="Pull back to pending" onClose={close} busy={pullBack.isPending}>
        <p className="mb-4 text-sm text-slate-600">
          “{target?.title}” leaves the site until the team activates it again. Its poster sees your reason on My deals.
        </p>
        <ReasonField value={reason} onChange={setReason} note="optional, shown to the poster" placeholder="e.g. Checking the price with the shop" />
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={btnSecondary} onClick={close} disabled={pullBack.isPending}>
            Cancel
          </button>
          <button type="button" className={btnPrimary} onClick={confirm} disabled={pullBack.isPending}>
            {pullBack.isPending ? 'Pulling back...' : 'Pull back'}
          </button>
        </div>
      </Modal>
    </div>
  );
}
