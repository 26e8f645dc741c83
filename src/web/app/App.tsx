import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '../lib/LazyToaster';
import { AuthProvider } from './auth/AuthContext';
import { MonetisationScript } from './MonetisationScript';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';
import { RememberLastPage } from './last-page';
import { ScrollToTopOnNavigate } from './ScrollToTopOnNavigate';

export function App() {
  const [queryClient] = useState(createQueryClient);
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
