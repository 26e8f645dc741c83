import { isHttpUrl, isUploadsPath } from '../../../../shared/schemas/common.js';

/** An image field value as the edit form treats it (SPEC §2): external until localized, local under /uploads/. */
export function imageKind(url: string | null | undefined): 'external' | 'local' | 'none' {
  const v = (url ?? '').trim();
  if (!v) return 'none';
  if (isHttpUrl(v)) return 'external';
  if (isUploadsPath(v)) return 'local';
  return 'none';
}
