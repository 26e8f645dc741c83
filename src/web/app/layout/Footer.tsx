import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';

/** SPEC §2 Footer. The subscribe box makes no call (the spec says so); it only acknowledges locally. */
export function Footer() {
  const [email, setEmail] = useState('');
  const [thanks, setThanks] = useState(false);
  const subscribe = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) setThanks(true);
  };
  const heading = 'text-sm font-semibold uppercase tracking-wide text-slate-900';
  const link = 'text-sm text-slate-600 hover:text-emerald-700';
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
        <div>
          <h2 className={heading}>Quick Links</h2>
          <ul className="mt-4 space-y-2">
            {['Browse Deals', 'Categories', 'Popular Deals', 'Merchants'].map((label) => (
              <li key={label}>
                <Link to="/dealsBrowse" className={link}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={heading}>Customer Support</h2>
          <ul className="mt-4 space-y-2">
            {['Help Center', 'Contact Us', 'FAQ'].map((label) => (
              <li key={label}>
                <Link to="/" className={link}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className={heading}>Subscribe</h2>
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
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:px-6">
          <p>© {new Date().getFullYear()} QuidsIn. Prices in pounds sterling.</p>
          <div className="flex gap-4">
            {['Terms', 'Privacy', 'Cookies'].map((label) => (
              <Link key={label} to="/" className="hover:text-emerald-700">
                {label}
              </Link>
            ))}
          </div>
        </div>
      </div>
    </footer>
  );
}
