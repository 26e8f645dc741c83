import { MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { verifyEmail } from '../../api/members/auth';
import { api, errorMessage } from '../../api/client';
import { type AuthActions, useAuth } from '../../app/auth/AuthContext';
import type { PublicUser } from '../../../shared/schemas/members/users';
import { tokenStore } from '../../api/members/token';
import { toast } from '../../lib/toast/toast';
import { oncePerKey } from '../../lib/once-per-key';
import { AuthNotice, AuthWaiting } from './AuthCard';
import { usePageTitle } from '../../app/usePageTitle';

/** Tokens are single-use: one request per token even when effects run twice (StrictMode, quick remounts). */
const verifyOnce = oncePerKey(verifyEmail);

/** Signs in with the token registration stored, once /auth/me says its account is verified; otherwise nothing changes. */
async function signInWithStoredToken(setAuth: AuthActions['setAuth']): Promise<void> {
  const stored = tokenStore.get();
  if (!stored) return;
  try {
    const data = await api.get<{ user?: PublicUser }>('/auth/me');
    if (data?.user && data.user.emailVerified !== false) setAuth({ isAuthenticated: true, user: data.user, token: stored, loading: false, error: null });
  } catch {
    // Another account's token, or none valid: the member signs in on /login as the spec has it.
  }
}

export default function VerifyEmailPage() {
  usePageTitle('Verify email');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { setAuth } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!token) {
      toast.error('Invalid verification link');
      navigate('/login', { replace: true });
      return;
    }
    let current = true;
    verifyOnce(token).then(
      async () => {
        if (!current) return;
        // The account this device registered is verified now: its stored token signs it in, so the header says so at
        // once and /login passes the member on (to the page they came from, or home).
        await signInWithStoredToken(setAuth);
        if (!current) return;
        toast.success('Email verified successfully! You can now log in.');
        navigate('/login', { replace: true });
      },
      (err) => {
        if (!current) return;
        const message = errorMessage(err, 'Verification failed');
        toast.error(message);
        setFailure(message);
      },
    );
    return () => {
      current = false;
    };
  }, [token, navigate, setAuth]);

  if (failure) {
    // The register call left the unverified account's token here; it is what the resend call needs.
    const canResend = !!tokenStore.get();
    return (
      <AuthNotice title="Verification failed" icon={MailWarning} tone="failed">
        <p role="alert" className="mt-4 text-sm text-slate-700">
          {failure}
        </p>
        {canResend ? (
          <>
            <p className="mt-2 text-sm text-slate-600">Links work once and expire after 24 hours. You can ask for a new one.</p>
            <Link to="/verify-email-sent" className="mt-6 w-full rounded-lg bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-800">
              Get a new link
            </Link>
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Links work once and expire after 24 hours. If you already verified, just sign in.</p>
        )}
        <Link
          to="/login"
          className={`${canResend ? 'mt-3 text-emerald-700 hover:underline' : 'mt-6 w-full rounded-lg bg-emerald-700 px-4 py-2.5 text-white hover:bg-emerald-800'} text-sm font-semibold`}
        >
          Return to Login
        </Link>
      </AuthNotice>
    );
  }

  return <AuthWaiting title="Verifying your email...">This only takes a moment.</AuthWaiting>;
}
