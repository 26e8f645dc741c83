import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../components/Link';
import { type ForgotPasswordInput, forgotPasswordSchema } from '../../../../shared/schemas/members/auth';
import { useRequestPasswordReset } from '../../../api/members/auth';
import { ApiError, errorMessage } from '../../../api/client';
import { usePageTitle } from '../../../app/usePageTitle';
import { AuthCard, AuthNotice, FormAlert } from '../AuthCard';
import { SubmitButton, TextField, useAccountForm } from '../FormField';

const linkClass = 'font-semibold text-emerald-700 hover:text-emerald-800 hover:underline';

/**
 * /forgot-password (docs/notes/web-everyday.md): the account's email address. The server answers the same whether or not an account
 * exists, so this page says exactly that and never whether the address is known.
 */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const { form, field, failure, setFailure } = useAccountForm(forgotPasswordSchema, { email: '' });

  const onSubmit = async ({ email }: ForgotPasswordInput) => {
    setFailure(null);
    try {
      const reply = await request.mutateAsync(email);
      setSent({ email, message: reply.message });
    } catch (err) {
      const message = errorMessage(err, 'We could not send the reset link. Please try again.');
      if (err instanceof ApiError && err.field === 'email') form.setError('email', { message });
      else setFailure(message);
    }
  };

  if (sent) {
    return (
      <AuthNotice title="Check your email" icon={MailCheck} tone="sent">
        <p role="status" className="mt-5 text-sm text-slate-700">
          {sent.message}.
        </p>
        <p className="mt-1 break-all text-sm font-semibold text-slate-900">{sent.email}</p>
        <p className="mt-3 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
          The link works once and expires after 1 hour. Can't find it? Check your spam or junk folder.
        </p>
        <button type="button" onClick={() => setSent(null)} className={`mt-6 text-sm ${linkClass}`}>
          Use a different email address
        </button>
        <Link to="/login" className="mt-6 w-full rounded-lg bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800">
          Return to Login
        </Link>
      </AuthNotice>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={linkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      {failure && (
        <FormAlert testId="forgot-error">
          <p>{failure}</p>
        </FormAlert>
      )}
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-2">
        <TextField label="Email" type="email" {...field('email')} autoComplete="email" />
        <SubmitButton busy={form.formState.isSubmitting} busyLabel="Sending...">
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
