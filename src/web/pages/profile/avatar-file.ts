import { AVATAR_MAX_BYTES } from '../../../shared/schemas/users';

/** The client-side avatar checks of SPEC §5 Profile; null when the file may be uploaded. */
export function avatarFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return 'Only image files are allowed.';
  if (file.size > AVATAR_MAX_BYTES) return 'File too large. Maximum size is 2MB.';
  return null;
}
