import type { ReactNode } from 'react';
import { OUTBOUND_REL, outboundPath } from '../../../shared/outbound';

/**
 * Every retailer link: the site's counted redirect to the deal's affiliate-tagged URL (docs/notes/analytics.md), a new
 * tab (the monetisation script rewrites links in place), rel "nofollow sponsored noopener" (SPEC §1), and the shop
 * named in its tooltip, since the address shown on hover is now the site's own.
 */
export function OutboundLink({
  deal,
  className,
  children,
  label,
}: {
  deal: { id: number; storeName: string };
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  return (
    <a href={outboundPath(deal.id)} target="_blank" rel={OUTBOUND_REL} className={className} aria-label={label} title={`Opens ${deal.storeName} in a new tab`}>
      {children}
    </a>
  );
}
