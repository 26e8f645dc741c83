import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../../components/Link';
import { usePageTitle } from '../../app/usePageTitle';

/** When the policies last changed: shown on Terms, Privacy and Cookies. */
export const POLICIES_UPDATED = '25 November 2026';

const PAGES: Array<[label: string, to: string]> = [
  ['Help & FAQ', '/help'],
  ['Contact', '/contact'],
  ['Terms', '/terms'],
  ['Privacy', '/privacy'],
  ['Cookies', '/cookies'],
];

/** Body text of the info pages: paragraphs, lists and links, readable in both themes. */
export const prose =
  'space-y-3 text-[0.9375rem] leading-7 text-slate-700 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5 [&_strong]:font-semibold [&_strong]:text-slate-900';
export const linkClass = 'font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800';

/** An in-app link inside the info pages' text. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

/** One titled part of an info page; `id` makes it a target for links like /help#voting. */
export function InfoSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className={`mt-3 ${prose}`}>{children}</div>
    </section>
  );
}

/** Scrolls to the element the address's #hash names once the page has drawn it (the footer's FAQ link). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

/**
 * The frame of /help, /contact, /terms, /privacy and /cookies (docs/notes/web-everyday.md): a small menu of the five pages, the title,
 * an introduction and the page's sections on one card.
 */
export function InfoLayout({ title, intro, updated, children }: { title: string; intro: ReactNode; updated?: boolean; children: ReactNode }) {
  usePageTitle(title);
  useScrollToHash();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Help and policies">
        <ul className="flex flex-wrap gap-2 text-sm">
          {PAGES.map(([label, to]) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  `inline-block rounded-full border px-3 py-1 font-medium ${
                    isActive ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100'
                  }`
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <header className="mt-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <div className="mt-3 text-base leading-7 text-slate-600">{intro}</div>
        {updated && <p className="mt-2 text-sm text-slate-600">Last updated {POLICIES_UPDATED}</p>}
      </header>
      <div className="mt-8 space-y-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}
