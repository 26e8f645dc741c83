import type { PagePath } from './pages.js';

/**
 * The first screen a server draws (docs/notes/web-performance.md): web/entry-server.tsx draws it, server features/pages puts it in the
 * page, web/main.tsx hydrates it.
 */

/**
 * The pages the server draws, and what each shows: the server routes these paths to its first-screen renderer, the
 * web app starts their requests as it starts (web/app/first-screen.ts). A deal's page is drawn for a numeric id only.
 */
export const DRAWN_PAGES = {
  '/': 'home',
  '/dealsBrowse': 'browse',
  '/deals': 'browse',
  '/dealDetail/:id': 'deal',
} as const satisfies Partial<Record<PagePath, string>>;

export type DrawnPageKind = (typeof DRAWN_PAGES)[keyof typeof DRAWN_PAGES];

/**
 * What the drawn page at `pathname` shows (a number at its end standing for `:id`), or undefined for any other page.
 * Kept this small because it is in every page's first load: the one path it misreads is '/dealDetail/:id' written
 * out, whose deal request then fails (400) and whose page says "Deal not found" all the same. Every listed path starts
 * with '/', so no property of Object.prototype is ever read as one.
 */
export const drawnPage = (pathname: string): DrawnPageKind | undefined =>
  (DRAWN_PAGES as Record<string, DrawnPageKind | undefined>)[pathname.replace(/\/\d+$/, '/:id')];

/** The <script type="application/json"> element that carries the drawn page's data. */
export const FIRST_SCREEN_DATA_ID = 'first-screen';

/** One query of the page as drawn: its key, its data and when that data was read (ms), for the browser's cache. */
export type FirstScreenQuery = [queryKey: readonly unknown[], data: unknown, updatedAt: number];

export interface FirstScreen {
  /** The markup of the app's root element. */
  html: string;
  queries: FirstScreenQuery[];
}
