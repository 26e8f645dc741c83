import { DEAL_IMAGE_MAX_BYTES } from '../../../../shared/schemas/deals';

/** SPEC §5 Deal form: image required, an image type, at most 2MB. Null when the file is acceptable. */
export function dealImageProblem(file: File | null, required: boolean): string | null {
  if (!file) return required ? 'Please upload an image for the deal' : null;
  if (!file.type.startsWith('image/')) return 'Selected file must be an image';
  if (file.size > DEAL_IMAGE_MAX_BYTES) return 'Image size must be less than 2MB';
  return null;
}
