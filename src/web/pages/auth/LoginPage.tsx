import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import type { z } from 'zod';
import { loginSchema } from '../../../shared/schemas/auth';
import { useAuth } from '../../app/auth/AuthContext';
import { lastInAppPage } from '../../app/last-page';
import { rememberedCredential, returnPath } from '../../api/auth';
import { ApiError } from '../../api/client';
import { toast } from '../../lib/toast';
import { AuthCard } from './AuthCard';
import { CheckboxField, SubmitButton, TextField } from './FormField';
import { usePageTitle } from '../../app/usePageTitle';

type LoginForm = z.input<typeof loginSchema>;

export default function LoginPage() {
  usePageTitle('Sign in');
  const { login, isAuthenticated, error: authError } = useAuth();
  const location = useLocation();
  const from = returnPath((location.state as { from?: unknown } | null)?.from ?? lastInAppPage());
  const [failed, setFailed] = useState<{ explain: boolean } | null>(null);
  const remembered = rememberedCredential.get();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: { credential: remembered, password: '', rememberMe: !!remembered },
  });

  // Signed in (now or already): back to where the visitor came from.
  if (isAuthenticated) return <Navigate to={from} replace />;

  const onSubmit = async ({ credential, password, rememberMe }: z.output<typeof loginSchema>) => {
    setFailed(null);
    try {
      await login(credential, password);
      rememberedCredential.set(rememberMe ? credential : null);
      toast.success('Logged in successfully.');
    } catch (err) {
      toast.error('Login failed. Please check your credentials.');
      // Wrong credentials (401) say all there is to say; an unverified email, a rate limit or a network failure need their reason.
      setFailed({ explain: !(err instanceof ApiError && err.status === 401) });
    }
  };

  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Vote, save and share the best UK deals."
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/register" className="font-semibold text-emerald-700 hover:text-emerald-800 hover:underline">
            Create one for free
          </Link>
        </>
      }
    >
      {failed && (
        <div role="alert" data-testid="login-error" className="mb-5 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <AlertCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-500" aria-hidden="true" />
          <div>
            <p>
              <strong className="font-semibold">Sign in failed:</strong> The username or password you entered is incorrect. Please try again.
            </p>
            {failed.explain && authError && <p className="mt-1.5">{authError}</p>}
          </div>
        </div>
      )}
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-2">
        <TextField label="Username or Email" registration={register('credential')} error={errors.credential?.message} autoComplete="username" />
        <TextField
          label="Password"
          type="password"
          registration={register('password')}
          error={errors.password?.message}
          autoComplete="current-password"
          aside={
            <a
              href="#"
              title="Password reset is coming soon"
              onClick={(e) => e.preventDefault()}
              className="text-sm font-medium text-emerald-700 hover:text-emerald-800 hover:underline"
            >
              Forgot password?
            </a>
          }
        />
        <CheckboxField registration={register('rememberMe')} label="Remember me" />
        <SubmitButton busy={isSubmitting} busyLabel="Signing in...">
          Sign in
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
