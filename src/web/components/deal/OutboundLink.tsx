import type { ReactNode } from 'react';

/**
 * Every retailer link: the affiliate-tagged outboundUrl, a new tab (the monetisation script rewrites links in place),
 * and rel "sponsored noopener" (SPEC §1).
 */
export function OutboundLink({ href, className, children, label }: { href: string; className?: string; children: ReactNode; label?: string }) {
  return (
    <a href={href} target="_blank" rel="sponsored noopener" className={className} aria-label={label}>
      {children}
    </a>
  );
}
