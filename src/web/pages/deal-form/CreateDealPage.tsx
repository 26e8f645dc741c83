import { useNavigate } from 'react-router';
import { Link } from '../../components/Link';
import { usePageTitle } from '../../app/usePageTitle';
import { useCreateDeal } from '../../api/deals/deal-mutations';
import { usePostingStatus } from '../../api/deals/posting';
import { postingNotice } from '../../../shared/domain/members/trusted-poster';
import { DealForm, type LinkImage } from './DealForm';
import type { DealFormValues } from './payload';
import { useDealSubmit } from './useDealSubmit';

/** SPEC §2 Post a deal: the image is uploaded first, then the deal is created, then the thank-you page. */
export default function CreateDealPage() {
  const navigate = useNavigate();
  const submit = useDealSubmit(useCreateDeal());
  usePageTitle('Post a Deal');

  const status = usePostingStatus();
  const onSubmit = async (values: DealFormValues, file: File | null, fromLink: LinkImage | null) => {
    if (!file && !fromLink) return;
    const deal = await submit.submit(values, file, fromLink ? { image: fromLink } : undefined);
    navigate('/deals/confirmation', { state: { deal } });
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Post a Deal</h1>
      <p className="mt-1 text-slate-600">
        Share a bargain with the community. Paste the product link first: we fill in what the shop&apos;s page says.{' '}
        {postingNotice(status.data?.trusted === true)}{' '}
        <Link to="/help#posting" className="font-semibold text-emerald-700 hover:underline dark:text-emerald-400">
          How posting works
        </Link>
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <DealForm
          fromLink
          imageRequired
          submitLabel="Submit Deal"
          busyLabel={submit.stage === 'uploading' ? 'Uploading image...' : 'Submitting...'}
          busy={submit.busy}
          onSubmit={onSubmit}
          footer={
            <Link to="/dealsBrowse" className="text-sm font-semibold text-slate-600 hover:text-slate-900">
              Cancel
            </Link>
          }
        />
      </div>
    </div>
  );
}
