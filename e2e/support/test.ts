import { test as base, expect, type Page } from '@playwright/test';

export { expect };
export type { Locator, Page } from '@playwright/test';

/**
 * Whether the app has taken over what the page shows: every heading, link, button and input of the page's content has
 * React's fiber on it. The home page, browse and a deal's page arrive drawn by the server (docs/notes/web-performance.md) and are hydrated
 * a moment later, the page's own part once its chunk has loaded; a click before that lands on markup with no handler
 * (React drops it: it cannot hydrate a part whose code has not arrived), and a box typed into is then reset to the
 * state it was drawn with. A person waits for the page to respond; the tests wait for this. A page that is not the app
 * (a feed, a JSON answer) has no #root and is ready as it is.
 */
export async function interactive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      if (!root) return true;
      const content = document.querySelector('#main, #admin-main') ?? root;
      const owned = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
      return owned(content) && [...content.querySelectorAll('h1, h2, a, button, input, select, textarea')].every(owned);
    },
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * Playwright's test, with the page's goto and reload waiting until the app is interactive (see `interactive`), so no
 * test clicks or types into a drawn page before it responds. Pages opened in other contexts are as Playwright gives them.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await interactive(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await interactive(page);
      return response;
    };
    await use(page);
  },
});
