import { Link } from '../../components/Link';
import { writeConsent } from './consent';

/**
 * Asked once per device when the site loads a link-monetisation script (PECR): Accept and Reject side by side with the
 * same weight; nothing of the script is requested before Accept. Its own chunk, loaded only when a script is
 * configured and no choice is stored.
 */
export function ConsentBanner() {
  const button =
    'min-w-28 rounded-md border border-slate-900 bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 dark:border-zinc-100 dark:bg-zinc-100 dark:text-zinc-900';
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-300 bg-white p-4 shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-md sm:rounded-lg sm:border"
    >
      <h2 className="font-semibold text-slate-900">Cookies from our link partner</h2>
      <p className="mt-2 text-sm text-slate-700">
        We'd like to load a link-monetisation script: it turns links to shops into affiliate links (the price you pay is the same) and may set its own cookies.
        It loads only if you accept. Read more on our{' '}
        <Link to="/cookies" className="font-medium text-emerald-700 underline">
          Cookies page
        </Link>
        .
      </p>
      <div className="mt-3 flex gap-3">
        <button type="button" className={button} onClick={() => writeConsent('accepted')}>
          Accept
        </button>
        <button type="button" className={button} onClick={() => writeConsent('rejected')}>
          Reject
        </button>
      </div>
    </section>
  );
}
