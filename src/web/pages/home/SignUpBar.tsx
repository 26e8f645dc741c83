import { Link } from '../../components/Link';
import { useAuth } from '../../app/auth/AuthContext';

/**
 * The sign-up bar under the carousel for visitors not signed in (SPEC §2 Home); nothing for members or while auth is
 * loading. The banner further down is SignUpBanner.tsx, in the below-the-fold chunk (a module is placed whole in one
 * chunk, so sharing this file would bring the banner into the first load).
 */
export function SignUpBar() {
  const { isAuthenticated, loading } = useAuth();
  if (loading || isAuthenticated) return null;
  return (
    <div
      className="flex flex-col items-start justify-between gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-2.5 sm:flex-row sm:items-center"
      data-testid="signup-bar"
    >
      <p className="text-sm text-emerald-900">
        <span className="font-semibold">New to QuidsIn?</span> Join free to vote on deals, save your favourites and post bargains you find.
      </p>
      <div className="flex shrink-0 gap-2">
        <Link to="/login" className="rounded-md px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-100">
          Sign in
        </Link>
        <Link to="/register" className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800">
          Join free
        </Link>
      </div>
    </div>
  );
}
