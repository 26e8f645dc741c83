import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Pages a sign-in should never return to. */
export const AUTH_PATHS = ['/login', '/register', '/verify-email', '/verify-email-sent', '/forgot-password', '/reset-password'];

let lastPage: string | null = null;

const RETURN_KEY = 'return-to';
const RETURN_MS = 24 * 3_600_000;

/**
 * The page a visitor left for "Create account" (the sign-in prompt): kept on the device for a day, so the first sign-in
 * after verifying the email, often in the tab the mail link opened, comes back to it.
 */
export function rememberReturnTo(path: string) {
  try {
    localStorage.setItem(RETURN_KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    /* storage refused: the sign-in goes home */
  }
}

function storedReturn(): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(RETURN_KEY) ?? 'null') as { path?: unknown; at?: unknown } | null;
    if (saved && typeof saved.path === 'string' && typeof saved.at === 'number' && Date.now() - saved.at < RETURN_MS) return saved.path;
  } catch {
    /* unreadable: ignore */
  }
  return null;
}

/** The last in-app page visited before the account screens, if any (the "referrer in-app" for sign-in). */
export const lastInAppPage = () => lastPage ?? storedReturn();

/** Remembers every non-auth page as the user moves around, so /login can send them back to it. */
export function RememberLastPage() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (AUTH_PATHS.includes(pathname)) return;
    lastPage = pathname + search;
    // Back on the page "Create account" left from: done with it.
    if (storedReturn()?.split('#')[0] === lastPage) localStorage.removeItem(RETURN_KEY);
  }, [pathname, search]);
  return null;
}
