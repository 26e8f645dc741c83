import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '../lib/toast/LazyToaster';
import { AuthProvider } from './auth/AuthContext';
import { AppRoutes } from './routes';
import { RememberLastPage } from './last-page';
import { ScrollToTopOnNavigate } from './ScrollToTopOnNavigate';

// Draws nothing and waits for /site-config before its 100 ms timer (SPEC §2): its own chunk, asked for as the app
// starts, so it is not part of the first load's script (docs/notes/web-performance.md).
const MonetisationScript = lazy(() => import('./consent/MonetisationScript').then((m) => ({ default: m.MonetisationScript })));

/**
 * The app, on the query client main.tsx made (and started the first screen's requests with) before rendering it. The
 * server's first-screen render (entry-server.tsx) draws the same tree under a router fixed to the requested URL.
 */
export function App({ queryClient, Router = BrowserRouter }: { queryClient: QueryClient; Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <AuthProvider>
          <ScrollToTopOnNavigate />
          <RememberLastPage />
          <Suspense fallback={null}>
            <MonetisationScript />
          </Suspense>
          <AppRoutes />
          <LazyToaster />
        </AuthProvider>
      </Router>
    </QueryClientProvider>
  );
}
