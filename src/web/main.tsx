// First: the theme class on <html> before anything renders (app/theme.ts).
import './app/theme';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchFirstScreen } from './app/first-screen';
import { createQueryClient } from './app/query-client';
import './styles.css';

// The first screen's data is asked for before React renders anything (issue 16): the first render under a phone's CPU
// takes a few hundred ms, which the requests would otherwise wait behind. (Its page chunk comes with the HTML: the
// server adds modulepreload links for the home, browse and deal pages.)
const queryClient = createQueryClient();
prefetchFirstScreen(queryClient, window.location);

// A transition: React renders the app in slices that yield to the browser (~5 ms each) instead of one long task, so
// the page's network responses and input are handled meanwhile (Total Blocking Time); what is drawn is the same.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
