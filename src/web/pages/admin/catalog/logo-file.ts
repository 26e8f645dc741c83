import { STORE_LOGO_MAX_BYTES } from '../../../../shared/schemas/stores.js';

/** The client-side checks of a store logo (SPEC §5 Category and store); null when the file may be uploaded. */
export function logoFileError(file: Pick<File, 'size' | 'type'>): string | null {
  if (!file.type.startsWith('image/')) return 'Only image files are allowed.';
  if (file.size > STORE_LOGO_MAX_BYTES) return 'Logo file size must be less than 1MB.';
  return null;
}
