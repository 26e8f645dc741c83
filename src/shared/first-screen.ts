import type { PagePath } from './pages.js';

/**
 * The first screen a server draws (issue 16): web/entry-server.tsx draws it, server features/pages puts it in the
 * page, web/main.tsx hydrates it.
 */

/**
 * The pages the server draws, by what they show: the server routes these paths to its first-screen renderer, the web
 * app starts their requests as it starts (web/app/first-screen.ts). A deal's page is drawn for a numeric id only.
 */
export const DRAWN_PAGES = {
  home: ['/'],
  browse: ['/dealsBrowse', '/deals'],
  deal: ['/dealDetail/:id'],
} as const satisfies Record<string, readonly PagePath[]>;

export type DrawnPageKind = keyof typeof DRAWN_PAGES;

/** The drawn page at `pathname` (exactly as listed), with the deal's id on a deal's page; undefined for any other. */
export function drawnPage(pathname: string): { kind: DrawnPageKind; id?: number } | undefined {
  for (const [kind, paths] of Object.entries(DRAWN_PAGES) as Array<[DrawnPageKind, readonly string[]]>) {
    for (const path of paths) {
      const m = new RegExp(`^${path.replace(/:\w+/g, '(\\d+)')}$`).exec(pathname);
      if (m) return { kind, id: m[1] ? Number(m[1]) : undefined };
    }
  }
  return undefined;
}

/** The <script type="application/json"> element that carries the drawn page's data. */
export const FIRST_SCREEN_DATA_ID = 'first-screen';

/** One query of the page as drawn: its key, its data and when that data was read (ms), for the browser's cache. */
export type FirstScreenQuery = [queryKey: readonly unknown[], data: unknown, updatedAt: number];

export interface FirstScreen {
  /** The markup of the app's root element. */
  html: string;
  queries: FirstScreenQuery[];
}
