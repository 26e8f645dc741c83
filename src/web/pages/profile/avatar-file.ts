import { IMAGE_ONLY } from '../../../shared/schemas/common';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from '../../../shared/schemas/members/users';

/** The client-side avatar checks of SPEC §5 Profile; null when the file may be uploaded. */
export function avatarFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_ONLY;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE;
  return null;
}
