/** The deal page's tabs, in DealTabs.tsx's order; apart from DealTabs so the page can name them without loading it. */
export const DESCRIPTION_TAB = 0;
export const COMMENTS_TAB = 2;
