import { lazy, Suspense, useEffect } from 'react';
import { useAfterFirstRender } from '../../lib/useAfterFirstRender';
import { Carousel } from './carousel/Carousel';
import { DealRow } from './DealRow';
import { SignUpBar } from './SignUpBar';
import { useHomeDeals } from './useHomeDeals';

// Below the two rows (the latest deals and the rest): its own chunk, out of the first load (docs/notes/web-performance.md), asked for as
// soon as the page is.
const loadBelowFold = () => import('./HomeBelowFold');
const HomeBelowFold = lazy(loadBelowFold);

/**
 * SPEC §2 Home, deals first (docs/notes/web-everyday.md): a slim carousel, the two rows, the latest deals, then the categories and the
 * rest. A deal appears in one row at most.
 */
export default function HomePage() {
  const home = useHomeDeals();
  // The latest deals and what is below them come after the first render (and so are not in the server's HTML).
  const below = useAfterFirstRender();
  useEffect(() => {
    document.title = 'QuidsIn — UK deals, voted by the community';
    void loadBelowFold();
  }, []);
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-4 sm:px-6 lg:space-y-12 lg:py-6">
      <h1 className="sr-only">QuidsIn — the best UK deals, voted by the community</h1>
      <div className="space-y-3">
        <Carousel />
        <SignUpBar />
      </div>
      <DealRow
        id="getting-warm"
        title="Getting Warm"
        subtitle="Fresh deals the community is starting to love"
        {...home.warm}
        viewAll="/dealsBrowse?status=active&sort=getting-warm"
        eager
      />
      <DealRow id="new-arrivals" title="New Arrivals" subtitle="Just posted by members" {...home.arrivals} viewAll="/dealsBrowse?status=active&sort=newest" />
      {below && (
        <Suspense fallback={null}>
          <HomeBelowFold latest={home.latest} />
        </Suspense>
      )}
    </div>
  );
}
