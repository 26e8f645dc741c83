import { useEffect } from 'react';
import { ScrollToTopButton } from '../../components/ScrollToTopButton';
import { Carousel } from './Carousel';
import { CategoryGrid } from './CategoryGrid';
import { DealRow } from './DealRow';
import { SignUpBanner, SignUpBar } from './SignUpPrompt';
import { WhyUse } from './WhyUse';

/** SPEC §2 Home. */
export default function HomePage() {
  useEffect(() => {
    document.title = 'QuidsIn — UK deals, voted by the community';
  }, []);
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-6 sm:px-6 lg:space-y-14 lg:py-8">
      <h1 className="sr-only">QuidsIn — the best UK deals, voted by the community</h1>
      <div className="space-y-4">
        <Carousel />
        <SignUpBar />
      </div>
      <CategoryGrid />
      <DealRow
        id="getting-warm"
        title="Getting Warm"
        subtitle="Fresh deals the community is starting to love"
        kind="getting-warm"
        viewAll="/dealsBrowse?status=active&sort=getting-warm"
      />
      <DealRow id="new-arrivals" title="New Arrivals" subtitle="Just posted by members" kind="newest" viewAll="/dealsBrowse?status=active&sort=newest" />
      <SignUpBanner />
      <WhyUse />
      <ScrollToTopButton />
    </div>
  );
}
