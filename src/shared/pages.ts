/**
 * Every page of the web app (SPEC §2) by its route path, as React Router and Fastify both write them (`:name` is one
 * segment, a trailing `/*` any rest). web/app/routes.tsx draws exactly these (its table is typed against this list);
 * the server answers any other path 404 with the not-found page (server features/pages, docs/notes/feeds.md).
 */
export const PAGE_PATHS = [
  '/',
  '/dealsBrowse',
  '/deals',
  '/dealDetail/:id',
  '/stores',
  '/stores/:id',
  '/members/:username',
  '/vouchers',
  '/following',
  '/deals/confirmation',
  '/deals/create',
  '/deals/edit/:id',
  '/submit-deal',
  '/alerts',
  '/notifications',
  '/alerts/unsubscribe',
  '/moderation',
  '/login',
  '/register',
  '/verify-email',
  '/verify-email-sent',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/help',
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
  '/user/profile',
  '/profile',
  '/user/deals',
  '/user/saved-deals',
  '/user/comments',
  // The admin areas route their own pages (and their own not-found page) below these; the narrower one first, as
  // matchPage takes the first that matches.
  '/admin/reports/*',
  '/admin/analytics/*',
  '/admin/*',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

export interface PageMatch {
  path: PagePath;
  /** The path's `:name` segments, decoded. */
  params: Record<string, string>;
}

/**
 * The page a URL's path shows, with its parameters, or undefined when no page does (the app shows its not-found
 * page). Read as React Router reads its routes: letter case and a trailing slash do not matter, a parameter is one
 * non-empty segment, `/*` also matches nothing at all. The first path of PAGE_PATHS that matches is the answer.
 */
export function matchPage(pathname: string): PageMatch | undefined {
  const segments = pathname.split('/').filter(Boolean);
  for (const path of PAGE_PATHS) {
    const pattern = path.split('/').filter(Boolean);
    const rest = pattern.at(-1) === '*';
    const fixed = rest ? pattern.slice(0, -1) : pattern;
    if (rest ? segments.length < fixed.length : segments.length !== fixed.length) continue;
    const params: Record<string, string> = {};
    const matched = fixed.every((part, i) => {
      if (!part.startsWith(':')) return part.toLowerCase() === segments[i].toLowerCase();
      params[part.slice(1)] = decodeSegment(segments[i]);
      return params[part.slice(1)] !== '';
    });
    if (matched) return { path, params };
  }
  return undefined;
}

/** A path segment's text (a malformed escape stays as written, as the browser's router leaves it). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
