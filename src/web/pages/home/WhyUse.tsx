import { ArrowRight, Bell, Flame, Share2 } from 'lucide-react';
import { Link } from '../../components/Link';

const FEATURES = [
  {
    title: 'Hot Deals',
    text: 'Every deal is voted hot or cold by the community, so the genuine bargains rise to the top and the duds sink.',
    href: '/dealsBrowse?status=active&sort=hottest',
    cta: 'See the hottest deals',
    icon: Flame,
    tint: 'bg-red-50 text-red-700',
  },
  {
    title: 'Share & Earn',
    text: 'Found a cracking price? Post it in a minute, help thousands of shoppers save, and watch it heat up.',
    href: '/submit-deal',
    cta: 'Post a deal',
    icon: Share2,
    tint: 'bg-emerald-50 text-emerald-700',
  },
  {
    title: 'Email Alerts',
    text: "Tell us what you're after and hear about it the moment a matching deal lands.",
    href: '/alerts',
    cta: 'Set up alerts',
    icon: Bell,
    tint: 'bg-amber-50 text-amber-700',
  },
];

/** The 'Why Use' section with its three feature cards (SPEC §2 Home). */
export function WhyUse() {
  return (
    <section aria-labelledby="why-heading">
      <h2 id="why-heading" className="text-center text-xl font-bold text-slate-900 sm:text-2xl">
        Why Use QuidsIn?
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {FEATURES.map(({ title, text, href, cta, icon: Icon, tint }) => (
          <li
            key={title}
            className="relative flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-emerald-500"
          >
            <span className={`flex h-11 w-11 items-center justify-center rounded-lg ${tint}`}>
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 flex-1 text-sm text-slate-600">{text}</p>
            <Link
              to={href}
              className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-emerald-700 after:absolute after:inset-0 focus:outline-none"
            >
              {cta}
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
