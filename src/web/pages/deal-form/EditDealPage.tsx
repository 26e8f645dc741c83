import { ShieldAlert } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/Link';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { canManageDeal } from '../../../shared/domain/access/permissions';
import { useAuth } from '../../app/auth/AuthContext';
import { usePageTitle } from '../../app/usePageTitle';
import { useUpdateDeal } from '../../api/deals/deal-mutations';
import { DealLoadError, useDeal } from '../../api/deals/deals';
import { DealImage } from '../../components/deal/DealImage';
import { MessageLinks, MessagePage } from '../../components/MessagePage';
import { Spinner } from '../../components/Spinner';
import { DealLoadFailed, DealNotAvailable, DealNotFound } from '../deal-detail/DealStates';
import { DealForm } from './DealForm';
import { type DealFormValues, toLocalInput } from './payload';
import { useDealSubmit } from './useDealSubmit';
import { BackLink } from '../../components/IconLink';

const parseId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** /deals/edit/{id}: the owner's (or a moderator's or admin's) edit of a deal, saved with PUT /deals/{id}. */
export default function EditDealPage() {
  const id = parseId(useParams().id);
  const { user } = useAuth();
  const query = useDeal(id);
  usePageTitle('Edit Deal');

  if (id === null) return <DealNotFound />;
  if (query.isLoading) return <Spinner label="Loading deal" fullPage />;
  if (query.error) {
    const err = query.error;
    if (err instanceof DealLoadError && err.kind === 'pending') return <DealNotAvailable message={err.message} />;
    if (err instanceof DealLoadError && err.kind === 'not-found') return <DealNotFound />;
    return <DealLoadFailed message={err instanceof DealLoadError ? err.message : 'Failed to load deal details'} />;
  }
  const deal = query.data;
  if (!deal) return <DealNotFound />;
  if (!canManageDeal(user, deal.userId)) {
    return (
      <MessagePage
        top={<ShieldAlert className="mx-auto h-12 w-12 text-amber-600" aria-hidden="true" />}
        title="You can't edit this deal"
        actions={<MessageLinks links={[[`/dealDetail/${deal.id}`, 'Back to the deal']]} className="mt-6" />}
      >
        <p>Only the member who posted it and the QuidsIn team can change a deal.</p>
      </MessagePage>
    );
  }
  return <EditForm deal={deal} />;
}

const isLocalImage = (src: string | null) => !!src && src.startsWith('/uploads/');

function EditForm({ deal }: { deal: Deal }) {
  const navigate = useNavigate();
  const submit = useDealSubmit(useUpdateDeal(deal.id));
  const keptExpiryLocal = toLocalInput(deal.expiresAt);
  // The API keeps only uploaded images; a scraped deal's external picture must be replaced.
  const hasLocalImage = isLocalImage(deal.imageUrl);

  const onSubmit = async (values: DealFormValues, file: File | null) => {
    await submit.submit(values, file, {
      image: { imageUrl: deal.imageUrl ?? '', thumbnailUrl: deal.thumbnailUrl },
      expiry: deal.expiresAt ? { local: keptExpiryLocal, iso: deal.expiresAt } : undefined,
    });
    navigate(`/dealDetail/${deal.id}`);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <BackLink to={`/dealDetail/${deal.id}`}>Back to the deal</BackLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Edit Deal</h1>
      {deal.status === 'pending' && <p className="mt-1 text-slate-600">This deal is waiting for review; your changes are checked along with it.</p>}
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <DealForm
          initial={{
            title: deal.title,
            description: deal.description,
            dealUrl: deal.url,
            price: deal.price ?? '',
            originalPrice: deal.originalPrice ?? '',
            categoryId: deal.categoryId,
            storeId: deal.storeId,
            coupon: deal.coupon ?? '',
            hasExpiry: !!deal.expiresAt,
            expiresAt: keptExpiryLocal,
          }}
          keptExpiryLocal={deal.expiresAt ? keptExpiryLocal : undefined}
          imageRequired={!hasLocalImage}
          currentImage={hasLocalImage ? <DealImage deal={deal} width={160} height={128} className="h-full w-full" /> : undefined}
          submitLabel="Save Changes"
          busyLabel={submit.stage === 'uploading' ? 'Uploading image...' : 'Saving...'}
          busy={submit.busy}
          onSubmit={onSubmit}
          excludeId={deal.id}
          footer={
            <Link to={`/dealDetail/${deal.id}`} className="text-sm font-semibold text-slate-600 hover:text-slate-900">
              Cancel
            </Link>
          }
        />
      </div>
    </div>
  );
}
