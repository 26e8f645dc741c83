import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Link } from '../../components/Link';
import type { z } from 'zod';
import { loginSchema } from '../../../shared/schemas/members/auth';
import { useAuth } from '../../app/auth/AuthContext';
import { useLogin, usePasskeyLogin } from '../../app/auth/session';
import { lastInAppPage } from '../../app/last-page';
import { rememberedCredential, returnPath } from '../../api/members/auth';
import { ApiError, errorMessage } from '../../api/client';
import { toast } from '../../lib/toast/toast';
import { AuthCard, FormAlert } from './AuthCard';
import { bindField, CheckboxField, SubmitButton, TextField } from './FormField';
import { TwoFactorStep } from './TwoFactorStep';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { usePageTitle } from '../../app/usePageTitle';

export default function LoginPage() {
  usePageTitle('Sign in');
  const { isAuthenticated, error: authError } = useAuth();
  const login = useLogin();
  const location = useLocation();
  const from = returnPath((location.state as { from?: unknown } | null)?.from ?? lastInAppPage());
  const [failed, setFailed] = useState<{ explain: boolean } | null>(null);
  const [stepToken, setStepToken] = useState<string | null>(null);
  const passkeyLogin = usePasskeyLogin();
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const remembered = rememberedCredential.get();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(loginSchema, { credential: remembered, password: '', rememberMe: !!remembered });
  const field = bindField(register, errors);

  // Signed in (now or already): back to where the visitor came from.
  if (isAuthenticated) return <Navigate to={from} replace />;

  const onSubmit = async ({ credential, password, rememberMe }: z.output<typeof loginSchema>) => {
    setFailed(null);
    try {
      const result = await login(credential, password);
      rememberedCredential.set(rememberMe ? credential : null);
      if ('stepToken' in result) setStepToken(result.stepToken);
      else toast.success('Logged in successfully.');
    } catch (err) {
      toast.error('Login failed. Please check your credentials.');
      // Wrong credentials (401) say all there is to say; an unverified email, a rate limit or a network failure need their reason.
      setFailed({ explain: !(err instanceof ApiError && err.status === 401) });
    }
  };

  const onPasskey = async () => {
    setPasskeyBusy(true);
    try {
      await passkeyLogin();
      toast.success('Logged in successfully.');
    } catch (err) {
      // The member closing the browser's passkey prompt is not an error worth more than a word.
      const cancelled = err instanceof Error && err.name === 'NotAllowedError';
      toast.error(cancelled ? 'Passkey sign-in was cancelled.' : errorMessage(err, 'That passkey could not be used. Please try again.'));
    } finally {
      setPasskeyBusy(false);
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
      {stepToken ? (
        <TwoFactorStep stepToken={stepToken} onRestart={() => setStepToken(null)} />
      ) : (
        <>
          {failed && (
            <FormAlert testId="login-error">
              <div>
                <p>
                  <strong className="font-semibold">Sign in failed:</strong> The username or password you entered is incorrect. Please try again.
                </p>
                {failed.explain && authError && <p className="mt-1.5">{authError}</p>}
              </div>
            </FormAlert>
          )}
          <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-2">
            <TextField label="Username or Email" {...field('credential')} autoComplete="username" />
            <TextField
              label="Password"
              type="password"
              {...field('password')}
              autoComplete="current-password"
              aside={
                <Link to="/forgot-password" className="text-sm font-medium text-emerald-700 hover:text-emerald-800 hover:underline">
                  Forgot password?
                </Link>
              }
            />
            <CheckboxField registration={register('rememberMe')} label="Remember me" />
            <SubmitButton busy={isSubmitting} busyLabel="Signing in...">
              Sign in
            </SubmitButton>
          </form>
          <div className="mt-4 border-t border-slate-200 pt-4">
            <button
              type="button"
              onClick={onPasskey}
              disabled={passkeyBusy}
              className="w-full rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-60"
            >
              {passkeyBusy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
            </button>
          </div>
        </>
      )}
    </AuthCard>
  );
}
