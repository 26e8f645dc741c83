import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/Link';
import { RESET_LINK_INVALID, type ResetPasswordFormInput, resetPasswordFormSchema } from '../../../../shared/schemas/members/auth';
import { useResetPassword } from '../../../api/members/auth';
import { ApiError, errorMessage } from '../../../api/client';
import { useAuth } from '../../../app/auth/AuthContext';
import { usePageTitle } from '../../../app/usePageTitle';
import { toast } from '../../../lib/toast/toast';
import { AuthCard, AuthNotice, FormAlert } from '../AuthCard';
import { SubmitButton, useAccountForm } from '../FormField';
import { NewPasswordFields } from './NewPasswordFields';

const linkClass = 'font-semibold text-emerald-700 hover:text-emerald-800 hover:underline';

/** A link that cannot work (none in the address, or the server said so): say why and offer a new one. */
function InvalidLink({ message }: { message: string }) {
  return (
    <AuthNotice title="Reset link not valid" icon={KeyRound} tone="failed">
      <p role="alert" className="mt-4 text-sm text-slate-700">
        {message}
      </p>
      <p className="mt-2 text-sm text-slate-600">Reset links work once and expire after 1 hour. You can ask for a new one.</p>
      <Link to="/forgot-password" className="mt-6 w-full rounded-lg bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800">
        Get a new link
      </Link>
      <Link to="/login" className={`mt-4 text-sm ${linkClass}`}>
        Return to Login
      </Link>
    </AuthNotice>
  );
}

/**
 * /reset-password?token=... (docs/notes/web-everyday.md): a new password under the register rules. The server signs the account out
 * everywhere, so this browser drops its own session too, then goes to /login with a toast.
 */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { logout } = useAuth();
  const reset = useResetPassword();
  const [invalid, setInvalid] = useState<string | null>(token ? null : RESET_LINK_INVALID);
  const { form, field, failure, setFailure } = useAccountForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });

  if (invalid || !token) return <InvalidLink message={invalid ?? RESET_LINK_INVALID} />;

  const onSubmit = async ({ password }: ResetPasswordFormInput) => {
    setFailure(null);
    try {
      const reply = await reset.mutateAsync({ token, password });
      logout();
      toast.success(reply.message);
      navigate('/login', { replace: true });
    } catch (err) {
      const message = errorMessage(err, 'Your password could not be reset. Please try again.');
      if (err instanceof ApiError && err.field === 'password') form.setError('password', { message });
      else if (err instanceof ApiError && err.status === 400) setInvalid(message);
      else setFailure(message);
    }
  };

  return (
    <AuthCard title="Choose a new password" subtitle="After the change you are signed out everywhere, and you sign in again with the new password.">
      {failure && (
        <FormAlert testId="reset-error">
          <p>{failure}</p>
        </FormAlert>
      )}
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-2">
        <NewPasswordFields password={field('password')} confirm={field('confirmPassword')} labels={['New password', 'Confirm new password']} />
        <SubmitButton busy={form.formState.isSubmitting} busyLabel="Saving...">
          Reset password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
