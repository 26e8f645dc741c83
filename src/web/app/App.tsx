import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '../lib/LazyToaster';
import { AuthProvider } from './auth/AuthContext';
import { MonetisationScript } from './MonetisationScript';
import { prefetchFirstScreen } from './first-screen';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';
import { RememberLastPage } from './last-page';
import { ScrollToTopOnNavigate } from './ScrollToTopOnNavigate';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchFirstScreen(client, window.location);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider>
          <ScrollToTopOnNavigate />
          <RememberLastPage />
          <MonetisationScript />
          <AppRoutes />
          <LazyToaster />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
