import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { TOAST_DEFAULT_MS } from '../lib/toast';
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
          <Toaster position="top-right" richColors closeButton duration={TOAST_DEFAULT_MS} />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
