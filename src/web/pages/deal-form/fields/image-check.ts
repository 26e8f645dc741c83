import { DEAL_IMAGE_MAX_BYTES, DEAL_IMAGE_MESSAGES } from '../../../../shared/schemas/deals/deals';

/** SPEC §5 Deal form: image required, an image type, at most 2MB. Null when the file is acceptable. */
export function dealImageProblem(file: File | null, required: boolean): string | null {
  if (!file) return required ? DEAL_IMAGE_MESSAGES.required : null;
  if (!file.type.startsWith('image/')) return DEAL_IMAGE_MESSAGES.notImage;
  if (file.size > DEAL_IMAGE_MAX_BYTES) return DEAL_IMAGE_MESSAGES.tooLarge;
  return null;
}
