// First: the theme class on <html> before anything renders (app/theme.ts).
import './app/theme';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { FIRST_SCREEN_DATA_ID } from '../shared/first-screen';
import { tokenStore } from './api/members/token';
import { App } from './app/App';
import { prefetchFirstScreen } from './app/first-screen';
import { createQueryClient } from './app/query-client';
import './styles.css';

const queryClient = createQueryClient();
const root = document.getElementById('root') as HTMLElement;
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// The home page, browse and a deal's page arrive drawn by the server with the data they were drawn from (server
// features/pages, docs/notes/web-performance.md): that data goes into the query cache and React takes over the markup.
const drawn = document.getElementById(FIRST_SCREEN_DATA_ID);
// The server draws what a visitor sees: a member's page is drawn here instead, from the same data at first, while
// their own (with their votes and saves) is asked for.
const member = !!tokenStore.get();
if (drawn) {
  for (const [key, data, updatedAt] of JSON.parse(drawn.textContent ?? '[]')) queryClient.setQueryData(key, data, { updatedAt });
  if (member) void queryClient.invalidateQueries();
}
// Asked for before React renders: the first render under a phone's CPU takes a few hundred ms, which the requests would
// otherwise wait behind. What the server's page brought for a visitor is fresh in the cache and not asked for again.
void prefetchFirstScreen(queryClient, window.location);
// In a transition: React renders (or hydrates) the app in slices that yield to the browser (~5 ms each) instead of one
// long task, so the page's network responses and input are handled meanwhile (Total Blocking Time).
startTransition(() => {
  if (drawn && !member) hydrateRoot(root, app);
  // (React empties the root, the static header or the server's page, when it first commits.)
  else createRoot(root).render(app);
});
