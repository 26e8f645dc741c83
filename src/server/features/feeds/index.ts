/**
 * RSS feeds, sitemaps and robots.txt (docs/notes/feeds.md), and what the site's pages take of them: the feed a page
 * advertises, and the way a deal is shown outside the site (its page's URL, its public picture, its price in words).
 */
export { browsePageFeed, defaultFeed, type FeedLink } from './browse-view.js';
export { dealPageUrl, localImageUrl, priceText } from './rss.js';
export { feedRoutes } from './routes.js';
