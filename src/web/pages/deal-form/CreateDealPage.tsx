import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { useCreateDeal, useUploadDealImage } from '../../api/deals';
import { toast } from '../../lib/toast';
import { DealForm } from './DealForm';
import { toDealPayload } from './payload';

/** SPEC §2 Post a deal: the image is uploaded first, then the deal is created, then the thank-you page. */
export default function CreateDealPage() {
  const navigate = useNavigate();
  const upload = useUploadDealImage();
  const create = useCreateDeal();
  const [stage, setStage] = useState<'idle' | 'uploading' | 'creating'>('idle');

  useEffect(() => {
    document.title = 'Post a Deal — QuidsIn';
  }, []);

  const onSubmit = async (values: Parameters<typeof toDealPayload>[0], file: File | null) => {
    if (!file) return;
    setStage('uploading');
    let image;
    try {
      image = await upload.mutateAsync(file);
    } catch (err) {
      setStage('idle');
      toast.error(errorMessage(err, 'Failed to upload image'));
      throw err instanceof ApiError ? new ApiError(err.status, err.message, { field: 'image' }) : err;
    }
    setStage('creating');
    try {
      const deal = await create.mutateAsync(toDealPayload(values, image));
      navigate('/deals/confirmation', { state: { deal } });
    } catch (err) {
      setStage('idle');
      toast.error(errorMessage(err, 'An error occurred while creating the deal.'));
      throw err;
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Post a Deal</h1>
      <p className="mt-1 text-slate-600">Share a bargain with the community. Our team checks every deal before it goes live.</p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <DealForm
          imageRequired
          submitLabel="Submit Deal"
          busyLabel={stage === 'uploading' ? 'Uploading image...' : 'Submitting...'}
          busy={stage !== 'idle'}
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
