import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Pages a sign-in should never return to. */
export const AUTH_PATHS = ['/login', '/register', '/verify-email', '/verify-email-sent'];

let lastPage: string | null = null;

/** The last in-app page visited before the account screens, if any (the "referrer in-app" for sign-in). */
export const lastInAppPage = () => lastPage;

/** Remembers every non-auth page as the user moves around, so /login can send them back to it. */
export function RememberLastPage() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!AUTH_PATHS.includes(pathname)) lastPage = pathname + search;
  }, [pathname, search]);
  return null;
}
