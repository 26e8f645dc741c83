/**
 * The site's HTML document (docs/notes/feeds.md "Share cards", ARCHITECTURE §8): every page of the web app as
 * index.html with its share card and head links, the pages the server draws with their first screen, and real 404s.
 */
export { registerPages } from './routes.js';
