import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { registerSchema } from '../../../shared/schemas/auth';
import { useAuth } from '../../app/auth/AuthContext';
import { ApiError, errorMessage } from '../../api/client';
import { toast } from '../../lib/toast';
import { AuthCard } from './AuthCard';
import { CheckboxField, SubmitButton, TextField } from './FormField';
import { usePageTitle } from '../../app/usePageTitle';

type RegisterForm = z.input<typeof registerSchema>;
type RegisterValues = z.output<typeof registerSchema>;

export default function RegisterPage() {
  usePageTitle('Create account');
  const { register: createAccount, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(registerSchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', termsAccepted: false as unknown as true },
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
      if (field === 'username' || field === 'email') setError(field, { message });
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
        <div role="alert" className="mb-5 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <AlertCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-500" aria-hidden="true" />
          <p>{failure}</p>
        </div>
      )}
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-2">
        <TextField
          label="Username"
          registration={register('username')}
          error={errors.username?.message}
          autoComplete="username"
          hint="3-20 characters: letters, numbers, underscores and hyphens."
        />
        <TextField label="Email" type="email" registration={register('email')} error={errors.email?.message} autoComplete="email" />
        <TextField
          label="Password"
          type="password"
          registration={register('password')}
          error={errors.password?.message}
          autoComplete="new-password"
          hint="At least 8 characters with an uppercase letter, a lowercase letter and a number."
        />
        <TextField
          label="Confirm Password"
          type="password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
          autoComplete="new-password"
        />
        <CheckboxField
          registration={register('termsAccepted')}
          error={errors.termsAccepted?.message}
          label={
            <>
              I accept the{' '}
              <Link to="/" className="font-medium text-emerald-700 hover:underline">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/" className="font-medium text-emerald-700 hover:underline">
                Privacy Policy
              </Link>
            </>
          }
        />
        <SubmitButton busy={isSubmitting} busyLabel="Creating account...">
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
