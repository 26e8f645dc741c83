import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { Header } from './Header';

// The footer starts below the fold (min-h-screen on <main>), so it is fetched after the first screen (docs/notes/web-performance.md).
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      {/* min-h-screen keeps the footer below the fold while a lazy page loads (no layout shift). */}
      <main id="main" className="min-h-screen flex-1">
        <Suspense fallback={<Spinner fullPage />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
