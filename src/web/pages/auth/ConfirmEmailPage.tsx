import { MailCheck, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link';
import { confirmEmailChange } from '../../api/members/account';
import { errorMessage } from '../../api/client';
import { usePageTitle } from '../../app/usePageTitle';
import { oncePerKey } from '../../lib/once-per-key';
import { AuthNotice, AuthWaiting } from './AuthCard';

/** Links are single-use: one request per token even when effects run twice. */
const confirmOnce = oncePerKey(confirmEmailChange);

/** /confirm-email?token=...: the change-of-email link (docs/notes/data-rights.md). */
export default function ConfirmEmailPage() {
  usePageTitle('Confirm your new email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    let current = true;
    confirmOnce(token).then(
      (reply) => current && setState({ ok: true, message: `${reply.message} You now sign in with ${reply.email}.` }),
      (err) => current && setState({ ok: false, message: errorMessage(err, 'This email change link is invalid or has expired') }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (!state) return <AuthWaiting title="Confirming your new email..." />;
  return (
    <AuthNotice title={state.ok ? 'Email changed' : 'Email not changed'} icon={state.ok ? MailCheck : MailWarning} tone={state.ok ? 'sent' : 'failed'}>
      <p role={state.ok ? 'status' : 'alert'} className="mt-4 text-sm text-slate-700">
        {state.message}
      </p>
      <Link to="/profile#account" className="mt-6 w-full rounded-lg bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-emerald-800">
        Go to your account
      </Link>
    </AuthNotice>
  );
}
