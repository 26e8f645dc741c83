import { useSiteConfig } from '../../api/site';
import { linkClass } from './InfoLayout';

/**
 * The team's email address as the server publishes it (CONTACT_EMAIL in /api/site-config). An installation that has
 * not set one says so rather than showing an address nobody reads.
 */
export function ContactAddress() {
  const { data, isPending } = useSiteConfig();
  if (isPending) return <span>…</span>;
  if (data?.contactEmail) {
    return (
      <a href={`mailto:${data.contactEmail}`} className={linkClass} data-testid="contact-email">
        {data.contactEmail}
      </a>
    );
  }
  return <span data-testid="contact-email-missing">(this site has not published a contact email address yet)</span>;
}
