import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '../lib/LazyToaster';
import { AuthProvider } from './auth/AuthContext';
import { AppRoutes } from './routes';
import { RememberLastPage } from './last-page';
import { ScrollToTopOnNavigate } from './ScrollToTopOnNavigate';

// Draws nothing and waits for /site-config before its 100 ms timer (SPEC §2): its own chunk, asked for as the app
// starts, so it is not part of the first load's script (issue 16).
const MonetisationScript = lazy(() => import('./MonetisationScript').then((m) => ({ default: m.MonetisationScript })));

/** The app, on the query client main.tsx made (and started the first screen's requests with) before rendering it. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider>
          <ScrollToTopOnNavigate />
          <RememberLastPage />
          <Suspense fallback={null}>
            <MonetisationScript />
          </Suspense>
          <AppRoutes />
          <LazyToaster />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
