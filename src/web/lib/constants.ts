/** Business constants of SPEC §9 used by the public screens: every timing and size in one place. */

/** Home carousel: 4 slides, auto-advance every 6 s, a manual pick pauses it for 5 s, a swipe over 150 px turns it. */
export const CAROUSEL_SLIDE_COUNT = 4;
export const CAROUSEL_INTERVAL_MS = 6000;
export const CAROUSEL_RESUME_MS = 5000;
export const CAROUSEL_SWIPE_PX = 150;

/** The scroll-to-top button appears after this much scrolling. */
export const SCROLL_TOP_THRESHOLD_PX = 300;

/** Browse: page 1 and BROWSE_PAGE_SIZE (shared/domain/constants) per page are the defaults and stay out of the URL. */
export const BROWSE_DEFAULT_PAGE = 1;
export const BROWSE_DEFAULT_STATUS = 'active';
export const BROWSE_DEFAULT_SORT = 'newest';

/** Home rows (Getting Warm, New Arrivals) and the related deals list. */
export const HOME_ROW_SIZE = 4;
export const RELATED_DEALS_LIMIT = 4;

/** Home category grid shows 12 until expanded. */
export const CATEGORY_GRID_SIZE = 12;

/** The coupon box shows 'Copied!' this long. */
export const COPIED_MS = 3000;
