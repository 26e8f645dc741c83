import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../components/Link';
import { type ForgotPasswordInput, forgotPasswordSchema } from '../../../../shared/schemas/auth';
import { useRequestPasswordReset } from '../../../api/auth';
import { ApiError, errorMessage } from '../../../api/client';
import { usePageTitle } from '../../../app/usePageTitle';
import { IconCircle } from '../../../components/icons/IconCircle';
import { useSchemaForm } from '../../../lib/useSchemaForm';
import { AuthCard, FormAlert } from '../AuthCard';
import { bindField, SubmitButton, TextField } from '../FormField';

const linkClass = 'font-semibold text-emerald-700 hover:text-emerald-800 hover:underline';

/**
 * /forgot-password (docs/notes/web-everyday.md): the account's email address. The server answers the same whether or not an account
 * exists, so this page says exactly that and never whether the address is known.
 */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(forgotPasswordSchema, { email: '' });
  const field = bindField(register, errors);

  const onSubmit = async ({ email }: ForgotPasswordInput) => {
    setFailure(null);
    try {
      const reply = await request.mutateAsync(email);
      setSent({ email, message: reply.message });
    } catch (err) {
      const message = errorMessage(err, 'We could not send the reset link. Please try again.');
      if (err instanceof ApiError && err.field === 'email') setError('email', { message });
      else setFailure(message);
    }
  };

  if (sent) {
    return (
      <AuthCard title="Check your email">
        <div className="flex flex-col items-center text-center">
          <IconCircle icon={MailCheck} className="h-16 w-16 bg-emerald-50" iconClassName="h-8 w-8 text-emerald-600" />
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
        </div>
      </AuthCard>
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
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-2">
        <TextField label="Email" type="email" {...field('email')} autoComplete="email" />
        <SubmitButton busy={isSubmitting} busyLabel="Sending...">
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
