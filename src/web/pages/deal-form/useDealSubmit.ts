import type { UseMutationResult } from '@tanstack/react-query';
import type { Deal, DealCreateInput, UploadResult } from '../../../shared/schemas/deals/deals';
import { useUploadDealImage } from '../../api/deals/deal-mutations';
import { ApiError } from '../../api/client';
import { type DealFormValues, toDealPayload } from './payload';

/** What an edit keeps when the member picks no new image, and the stored expiry to keep when unchanged. */
export interface Kept {
  image: Pick<UploadResult, 'imageUrl'> & { thumbnailUrl: string | null };
  expiry?: { local: string; iso: string };
}

/**
 * The two steps of submitting a deal form (SPEC §2): upload the picked image, then save the deal with `save`. Each
 * mutation toasts its own failure; the error is re-thrown for DealForm, an upload refusal against the image field.
 */
export function useDealSubmit(save: UseMutationResult<Deal, unknown, DealCreateInput>) {
  const upload = useUploadDealImage();

  const submit = async (values: DealFormValues, file: File | null, kept?: Kept): Promise<Deal> => {
    let image = kept?.image;
    if (file) {
      try {
        image = await upload.mutateAsync(file);
      } catch (err) {
        throw err instanceof ApiError ? new ApiError(err.status, err.message, { field: 'image' }) : err;
      }
    }
    if (!image) throw new Error('A deal needs an image');
    return save.mutateAsync(toDealPayload(values, image, kept?.expiry));
  };

  return { stage: upload.isPending ? 'uploading' : 'saving', busy: upload.isPending || save.isPending, submit };
}
