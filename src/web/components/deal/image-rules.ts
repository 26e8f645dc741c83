import type { Deal, PublicUser } from '../../../shared/api';
import { isAdminUser } from '../../app/auth/AuthContext';

type ImageDeal = Pick<Deal, 'imageUrl' | 'thumbnailUrl' | 'status' | 'userId'>;

export interface ImageViewer {
  user: PublicUser | null;
  /** True only inside the admin area (SPEC §2: external images are shown there and nowhere else). */
  adminView?: boolean;
}

const isExternal = (src: string) => /^https?:\/\//i.test(src);
// The same prefix as shared/schemas/common UPLOADS_PREFIX, kept here so deal cards do not pull zod into the page.
const isLocal = (src: string) => src.startsWith('/uploads/') && !src.includes('..');

/**
 * The image rules of SPEC §2 "Deal card badges and display": an external image only in the admin view; a local image
 * on a pending deal only for its owner or an admin; local images of other deals for everyone. Null means placeholder.
 */
export function visibleImageSrc(deal: ImageDeal, viewer: ImageViewer, prefer: 'thumbnail' | 'full' = 'full'): string | null {
  const src = (prefer === 'thumbnail' ? deal.thumbnailUrl || deal.imageUrl : deal.imageUrl || deal.thumbnailUrl)?.trim();
  if (!src) return null;
  if (isExternal(src)) return viewer.adminView ? src : null;
  if (!isLocal(src)) return null;
  if (deal.status === 'pending') {
    const owner = !!viewer.user && viewer.user.id === deal.userId;
    return owner || isAdminUser(viewer.user) ? src : null;
  }
  return src;
}
