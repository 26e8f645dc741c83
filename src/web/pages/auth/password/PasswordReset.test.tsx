// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_SENT, RESET_LINK_INVALID } from '../../../../shared/schemas/members/auth';
import { tokenStore } from '../../../api/members/token';
import { toast } from '../../../lib/toast/toast';
import ForgotPasswordPage from './ForgotPasswordPage';
import { blurWith, expectBlurError, mockApi, ok, renderWithApp, testMember } from '../../../test/render-with-app';
import ResetPasswordPage from './ResetPasswordPage';

vi.mock('../../../lib/toast/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const DONE = 'Your password has been reset. Please log in with your new password.';

describe('ForgotPasswordPage', () => {
  it('checks the address on blur, sends it, and says the same thing whoever asks', async () => {
    const calls = mockApi({ 'POST /api/auth/forgot-password': { status: 200, body: { success: true, data: { message: PASSWORD_RESET_SENT } } } });
    renderWithApp(<ForgotPasswordPage />, { path: '/forgot-password' });
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await expectBlurError('Email', 'not-an-address', 'Invalid email address');
    expect(calls).toHaveLength(0);

    await blurWith('Email', 'Sam@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`${PASSWORD_RESET_SENT}.`);
    expect(screen.getByText('Sam@Example.com')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ email: 'Sam@Example.com' });
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');

    await userEvent.click(screen.getByRole('button', { name: 'Use a different email address' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('shows why a request was refused', async () => {
    mockApi({ 'POST /api/auth/forgot-password': { status: 429, body: { success: false, error: 'Too many requests. Please try again in 600 seconds.' } } });
    renderWithApp(<ForgotPasswordPage />, { path: '/forgot-password' });
    await screen.findByLabelText('Email');
    await blurWith('Email', 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByTestId('forgot-error')).toHaveTextContent('Too many requests. Please try again in 600 seconds.');
  });
});

describe('ResetPasswordPage', () => {
  it('sets the new password with the register rules, drops this browser session and goes to /login with a toast', async () => {
    tokenStore.set('old-session-token');
    const calls = mockApi({
      'GET /api/auth/me': ok({ user: testMember }),
      'POST /api/auth/reset-password': { status: 200, body: { success: true, data: { message: DONE } } },
    });
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password', route: '/reset-password?token=abc123' });
    await screen.findByLabelText('New password');
    await blurWith('New password', 'alllowercase1');
    expect(await screen.findByText(/must contain at least one uppercase letter/)).toBeInTheDocument();
    await blurWith('New password', 'Brand-New-Passw0rd');
    await expectBlurError('Confirm new password', 'Brand-New-Passw0rd!', 'Passwords must match');
    await blurWith('Confirm new password', 'Brand-New-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(toast.success).toHaveBeenCalledWith(DONE);
    expect(tokenStore.get()).toBeNull();
    const sent = calls.find((c) => c.key === 'POST /api/auth/reset-password')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({ token: 'abc123', password: 'Brand-New-Passw0rd' });
  });

  it('explains a used or expired link and offers a new one', async () => {
    mockApi({ 'POST /api/auth/reset-password': { status: 400, body: { success: false, error: RESET_LINK_INVALID } } });
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password', route: '/reset-password?token=used' });
    await screen.findByLabelText('New password');
    await blurWith('New password', 'Brand-New-Passw0rd');
    await blurWith('Confirm new password', 'Brand-New-Passw0rd');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', '/forgot-password');
    await waitFor(() => expect(toast.success).not.toHaveBeenCalled());
  });

  it('says at once that a link without a token cannot work', async () => {
    const calls = mockApi({});
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
