import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { useUploadDealImage } from '../../api/deals';
import { toast } from '../../lib/toast';

/**
 * The two steps of submitting a deal form (SPEC §2): upload the picked image, then save the deal. A failing step is
 * toasted and re-thrown so DealForm can show it; an upload refusal is re-thrown against the image field.
 */
export function useDealSubmit() {
  const upload = useUploadDealImage();
  const [stage, setStage] = useState<'idle' | 'uploading' | 'saving'>('idle');

  const uploadImage = async (file: File) => {
    setStage('uploading');
    try {
      return await upload.mutateAsync(file);
    } catch (err) {
      setStage('idle');
      toast.error(errorMessage(err, 'Failed to upload image'));
      throw err instanceof ApiError ? new ApiError(err.status, err.message, { field: 'image' }) : err;
    }
  };

  const save = async (work: () => Promise<void>, failure: string) => {
    setStage('saving');
    try {
      await work();
    } catch (err) {
      setStage('idle');
      toast.error(errorMessage(err, failure));
      throw err;
    }
  };

  return { stage, busy: stage !== 'idle', uploadImage, save };
}
