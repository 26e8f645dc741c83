import type { Deal } from '../../schemas/deals/deals.js';

/** Only 'pending' matters to the rules, so any status text will do (a database row's, or the API's DealStatus). */
type ImageDeal = Pick<Deal, 'imageUrl' | 'thumbnailUrl' | 'userId'> & { status: string };

export interface ImageViewer {
  /** The signed-in member's id; null for a visitor. */
  userId: number | null;
  /** An administrator (roles.ts isAdmin: the role alone). */
  isAdmin: boolean;
  /** True only inside the admin area (SPEC §2: external images are shown there and nowhere else). */
  adminView?: boolean;
}

/** What a visitor is: no account, no admin view. */
export const VISITOR: ImageViewer = { userId: null, isAdmin: false };

const isExternal = (src: string) => /^https?:\/\//i.test(src);
// The same prefix as shared/schemas/common UPLOADS_PREFIX, kept here so deal cards do not pull zod into the page.
const isLocal = (src: string) => src.startsWith('/uploads/') && !src.includes('..');

/**
 * The image rules of SPEC §2 "Deal card badges and display": an external image only in the admin view; a local image
 * on a pending deal only for its owner or an admin; local images of other deals for everyone. Null means placeholder.
 * The web draws pictures by it (DealImage); the server names a public deal page's picture for the browser to fetch
 * early by it (server features/pages/head.ts).
 */
export function visibleImageSrc(deal: ImageDeal, viewer: ImageViewer, prefer: 'thumbnail' | 'full' = 'full'): string | null {
  const src = (prefer === 'thumbnail' ? deal.thumbnailUrl || deal.imageUrl : deal.imageUrl || deal.thumbnailUrl)?.trim();
  if (!src) return null;
  if (isExternal(src)) return viewer.adminView ? src : null;
  if (!isLocal(src)) return null;
  if (deal.status === 'pending') {
    const owner = viewer.userId !== null && viewer.userId === deal.userId;
    return owner || viewer.isAdmin ? src : null;
  }
  return src;
}
