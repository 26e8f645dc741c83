import { Link } from '../../components/Link';
import { useAuth } from '../../app/auth/AuthContext';

/** The sign-up banner below the latest deals for visitors not signed in (SPEC §2 Home); nothing for members or while auth is loading. */
export function SignUpBanner() {
  const { isAuthenticated, loading } = useAuth();
  if (loading || isAuthenticated) return null;
  return (
    <section aria-labelledby="join-heading" className="overflow-hidden rounded-2xl bg-slate-900 px-6 py-10 text-center sm:px-12" data-testid="signup-banner">
      <h2 id="join-heading" className="text-2xl font-bold text-white sm:text-3xl">
        Never pay full price again
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-slate-300">
        Create your free account to vote deals hot or cold, keep a list of saved deals and share the bargains you spot with thousands of UK shoppers.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/register" className="rounded-lg bg-emerald-500 px-5 py-2.5 font-bold text-slate-950 hover:bg-emerald-400">
          Create free account
        </Link>
        <Link to="/login" className="rounded-lg px-5 py-2.5 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10">
          Sign in
        </Link>
      </div>
    </section>
  );
}
