import type { Deal } from '../../../shared/schemas/deals/deals';
import { ScrollToTopButton } from '../../components/ScrollToTopButton';
import { HomeFeedLink } from '../alerts/FeedLinks';
import { CategoryGrid } from './CategoryGrid';
import { HomeFollowing } from './HomeFollowing';
import { SignUpBanner } from './SignUpBanner';
import { WhyUse } from './WhyUse';

/**
 * Everything of the home page below the two rows (docs/notes/web-performance.md): the 20 latest deals, then, once they are drawn, the feed
 * link, the category tiles with their 25 icons, the sign-up banner, Why Use and the scroll-to-top button. HomePage
 * draws this chunk after its first render (so it is in neither the server's HTML nor the first load's JavaScript); it
 * sits below the fold, so its arrival moves nothing in view.
 */
export default function HomeBelowFold({ latest }: { latest: { deals: Deal[] | undefined; loading: boolean } }) {
  return (
    <>
      <HomeFollowing latest={latest} />
      {/* Drawn once the deals above it are (loaded, empty or failed), so it takes no main-thread time before them. */}
      {!latest.loading && (
        <>
          <div className="render-near-viewport space-y-8 lg:space-y-12">
            <HomeFeedLink />
            <CategoryGrid />
            <SignUpBanner />
            <WhyUse />
          </div>
          <ScrollToTopButton />
        </>
      )}
    </>
  );
}
