/**
 * The first screen a server draws (issue 16): web/entry-server.tsx draws it, server features/first-screen puts it in
 * the page, web/main.tsx hydrates it.
 */

/** The <script type="application/json"> element that carries the drawn page's data. */
export const FIRST_SCREEN_DATA_ID = 'first-screen';

/** One query of the page as drawn: its key, its data and when that data was read (ms), for the browser's cache. */
export type FirstScreenQuery = [queryKey: readonly unknown[], data: unknown, updatedAt: number];

export interface FirstScreen {
  /** The markup of the app's root element. */
  html: string;
  queries: FirstScreenQuery[];
}
