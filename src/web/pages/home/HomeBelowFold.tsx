import { ScrollToTopButton } from '../../components/ScrollToTopButton';
import { HomeFeedLink } from '../alerts/FeedLinks';
import { CategoryGrid } from './CategoryGrid';
import { SignUpBanner } from './SignUpBanner';
import { WhyUse } from './WhyUse';

/**
 * Everything of the home page below the 20 latest deals (issue 16): the feed link, the category tiles with their 25
 * icons, the sign-up banner, Why Use and the scroll-to-top button. HomePage fetches this chunk after its first render,
 * so none of it weighs on the first screen; it sits far below the fold, so its arrival moves nothing in view.
 */
export default function HomeBelowFold() {
  return (
    <>
      <div className="render-near-viewport space-y-8 lg:space-y-12">
        <HomeFeedLink />
        <CategoryGrid />
        <SignUpBanner />
        <WhyUse />
      </div>
      <ScrollToTopButton />
    </>
  );
}
