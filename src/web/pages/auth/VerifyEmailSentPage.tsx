import { MailCheck } from 'lucide-react';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { useResendVerification } from '../../api/members/auth';
import { AuthNotice } from './AuthCard';
import { usePageTitle } from '../../app/usePageTitle';
import { ActionButton } from '../../components/MessagePage';

export default function VerifyEmailSentPage() {
  usePageTitle('Check your email');
  const location = useLocation();
  const email = (location.state as { email?: unknown } | null)?.email;
  const resend = useResendVerification();

  return (
    <AuthNotice title="Check Your Email" icon={MailCheck} tone="sent">
      <p className="mt-5 text-sm text-slate-700">
        We've sent a verification link to {typeof email === 'string' ? <strong className="font-semibold text-slate-900">{email}</strong> : 'your email address'}
        . Open it to activate your account, then sign in.
      </p>
      <p className="mt-3 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
        Can't find it? Check your spam or junk folder. The link expires after 24 hours.
      </p>
      <ActionButton onClick={() => resend.mutate()} busy={resend.isPending} busyLabel="Sending..." layout="mt-6 w-full px-4 py-2.5">
        Resend Verification Email
      </ActionButton>
      <Link to="/login" className="mt-4 text-sm font-semibold text-emerald-700 hover:text-emerald-800 hover:underline">
        Return to Login
      </Link>
    </AuthNotice>
  );
}
