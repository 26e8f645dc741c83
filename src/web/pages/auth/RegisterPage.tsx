import { Navigate, useNavigate } from 'react-router';
import { Link } from '../../components/Link';
import type { z } from 'zod';
import { registerSchema } from '../../../shared/schemas/members/auth';
import { useAuth } from '../../app/auth/AuthContext';
import { useRegister } from '../../app/auth/session';
import { ApiError, errorMessage } from '../../api/client';
import { toast } from '../../lib/toast/toast';
import { AuthCard, FormAlert } from './AuthCard';
import { CheckboxField, SubmitButton, TextField, useAccountForm } from './FormField';
import { NewPasswordFields } from './password/NewPasswordFields';
import { usePageTitle } from '../../app/usePageTitle';

type RegisterValues = z.output<typeof registerSchema>;

export default function RegisterPage() {
  usePageTitle('Create account');
  const { isAuthenticated } = useAuth();
  const createAccount = useRegister();
  const navigate = useNavigate();
  const { form, field, failure, setFailure } = useAccountForm(registerSchema, {
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
    termsAccepted: false as unknown as true,
  });

  if (isAuthenticated) return <Navigate to="/" replace />;

  const onSubmit = async ({ username, email, password, termsAccepted }: RegisterValues) => {
    setFailure(null);
    try {
      await createAccount({ username, email, password, termsAccepted });
      toast.success('Registration successful. Please check your email to verify your account before logging in.');
      navigate('/verify-email-sent', { state: { email } });
    } catch (err) {
      const message = errorMessage(err, 'Registration failed');
      // A taken username or email is reported against its field as well.
      const field = err instanceof ApiError ? err.field : undefined;
      if (field === 'username' || field === 'email') form.setError(field, { message });
      setFailure(message);
      toast.error('Registration failed. Please try again.');
    }
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join the community: post deals, vote them hot or cold and never miss a bargain."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-emerald-700 hover:text-emerald-800 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      {failure && (
        <FormAlert>
          <p>{failure}</p>
        </FormAlert>
      )}
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-2">
        <TextField label="Username" {...field('username')} autoComplete="username" hint="3-20 characters: letters, numbers, underscores and hyphens." />
        <TextField label="Email" type="email" {...field('email')} autoComplete="email" />
        <NewPasswordFields password={field('password')} confirm={field('confirmPassword')} labels={['Password', 'Confirm Password']} />
        <CheckboxField
          {...field('termsAccepted')}
          label={
            <>
              I accept the {/* A new tab, so the form keeps what has been typed (the terms are a real page). */}
              <Link to="/terms" target="_blank" rel="noopener" className="font-medium text-emerald-700 hover:underline">
                Terms of Service<span className="sr-only"> (opens in a new tab)</span>
              </Link>{' '}
              and{' '}
              <Link to="/privacy" target="_blank" rel="noopener" className="font-medium text-emerald-700 hover:underline">
                Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
              </Link>
            </>
          }
        />
        <SubmitButton busy={form.formState.isSubmitting} busyLabel="Creating account...">
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
