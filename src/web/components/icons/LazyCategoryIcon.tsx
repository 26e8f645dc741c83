import { lazy, Suspense } from 'react';

// The 25 category icons are one chunk of their own (components/icons/CategoryIcon.tsx): a deal page, the home carousel and an
// image placeholder only need one of them, and not before first paint, so they stay out of every page's first load.
const CategoryIcon = lazy(() => import('./CategoryIcon').then((m) => ({ default: m.CategoryIcon })));

/**
 * CategoryIcon, fetched on first use. Until it arrives an empty svg with the same classes holds the icon's box, so
 * nothing moves when the icon is drawn.
 */
export function LazyCategoryIcon({ name, className = 'h-5 w-5' }: { name: string | null | undefined; className?: string }) {
  return (
    <Suspense fallback={<svg className={className} aria-hidden="true" />}>
      <CategoryIcon name={name} className={className} />
    </Suspense>
  );
}
