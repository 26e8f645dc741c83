import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

/**
 * The app's own Link and NavLink, on react-router's public hooks (first load, docs/notes/web-performance.md). react-router's components
 * carry framework-mode code (route-module prefetching, view transitions, RSC) that a declarative BrowserRouter never
 * runs; with these, and with vite.config.ts marking the router's `forwardRef` components pure, the bundler drops them
 * (~3 kB gzip off every page). Same markup and behaviour for what the app uses: client-side navigation on a plain left
 * click (modified clicks, `target` other than _self and prevented clicks left to the browser), `replace` (the default
 * when the link points at the current location), `state`, and NavLink's `isActive` / `aria-current="page"`.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

// A URL with a scheme (https:, mailto:) or protocol-relative: another site, left to the browser as react-router does.
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target });
  if (typeof to === 'string' && EXTERNAL.test(to)) return <a {...rest} ref={ref} href={to} target={target} onClick={onClick} />;
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this exact path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A Link that knows whether it points at the current page: react-router's matching (case-insensitive, whole segments). */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const pathname = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  // "/deals/" is active on "/deals/x" as "/deals" is: the segment boundary is its trailing slash.
  const boundary = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = pathname === target || (!end && pathname.startsWith(target) && pathname.charAt(boundary) === '/');
  return (
    <Link {...rest} to={to} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} />
  );
}
