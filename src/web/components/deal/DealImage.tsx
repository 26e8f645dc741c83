import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import type { Deal } from '../../../shared/schemas/deals/deals';
import { isAdmin } from '../../../shared/domain/access/roles';
import { useAuth } from '../../app/auth/AuthContext';
import { LazyCategoryIcon } from '../icons/LazyCategoryIcon';
import { visibleImageSrc } from '../../../shared/domain/deals/deal-image';

interface Props {
  deal: Pick<Deal, 'imageUrl' | 'thumbnailUrl' | 'status' | 'userId' | 'title'> & { categoryName?: string };
  /** Intrinsic size of the rendered box: set on the <img> so nothing shifts while it loads. */
  width: number;
  height: number;
  prefer?: 'thumbnail' | 'full';
  adminView?: boolean;
  className?: string;
  /** Above-the-fold images load eagerly; everything else lazily. */
  eager?: boolean;
  /**
   * The page's likely Largest Contentful Paint (the first card, a deal's own picture): at high fetch priority, the one
   * picture that does (docs/notes/web-performance.md, "Seventh pass"). Eager pictures beside it at high priority share a
   * phone's slow connection with it.
   */
  first?: boolean;
}

/** A deal's picture under the SPEC §2 image rules, with a placeholder when hidden or when loading fails. */
export function DealImage({ deal, width, height, prefer = 'full', adminView = false, className = '', eager = false, first = false }: Props) {
  const { user } = useAuth();
  const src = visibleImageSrc(deal, { userId: user?.id ?? null, isAdmin: isAdmin(user), adminView }, prefer);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <div
        data-testid="deal-image-placeholder"
        role="img"
        aria-label={`No image available for ${deal.title}`}
        className={`flex items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400 ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        {deal.categoryName ? (
          <LazyCategoryIcon name={deal.categoryName} className="h-1/4 w-1/4 max-h-16 max-w-16" />
        ) : (
          <ImageOff className="h-10 w-10" aria-hidden="true" />
        )}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={deal.title}
      width={width}
      height={height}
      loading={eager || first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedSrc(src)}
      // A picture in the server-drawn page can fail before hydration, when no onError listens yet: asked on mount.
      ref={(img) => {
        if (img?.complete && !img.naturalWidth) setFailedSrc(src);
      }}
      className={`bg-white object-contain ${className}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    />
  );
}
