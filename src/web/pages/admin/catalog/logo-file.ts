import { IMAGE_ONLY } from '../../../../shared/schemas/common';
import { STORE_LOGO_MAX_BYTES, STORE_LOGO_TOO_LARGE } from '../../../../shared/schemas/catalog/stores';

/** The client-side checks of a store logo (SPEC §5 Category and store); null when the file may be uploaded. */
export function logoFileError(file: Pick<File, 'size' | 'type'>): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_ONLY;
  if (file.size > STORE_LOGO_MAX_BYTES) return STORE_LOGO_TOO_LARGE;
  return null;
}
