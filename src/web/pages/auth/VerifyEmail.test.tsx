// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast/toast';
import { mockApi, renderWithApp } from '../../test/render-with-app';
import VerifyEmailPage from './VerifyEmailPage';
import VerifyEmailSentPage from './VerifyEmailSentPage';

vi.mock('../../lib/toast/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

describe('VerifyEmailPage', () => {
  it('sends a link without a token to /login', async () => {
    renderWithApp(<VerifyEmailPage />, { path: '/verify-email' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(toast.error).toHaveBeenCalledWith('Invalid verification link');
  });

  it('verifies once and goes to /login with the success toast', async () => {
    const calls = mockApi({ 'GET /api/auth/verify-email': { status: 200, body: { success: true, data: { verified: true } } } });
    renderWithApp(<VerifyEmailPage />, { path: '/verify-email', route: '/verify-email?token=abc' });
    expect(screen.getByText('Verifying your email...')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(toast.success).toHaveBeenCalledWith('Email verified successfully! You can now log in.');
    expect(calls.filter((c) => c.key === 'GET /api/auth/verify-email')).toHaveLength(1);
  });

  it("shows the server's reason when verification fails", async () => {
    const reason = 'This verification link is invalid or has already been used.';
    mockApi({ 'GET /api/auth/verify-email': { status: 400, body: { success: false, error: reason } } });
    renderWithApp(<VerifyEmailPage />, { path: '/verify-email', route: '/verify-email?token=used' });
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(toast.error).toHaveBeenCalledWith(reason);
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login');
  });
});

describe('VerifyEmailSentPage', () => {
  it("resends with 'Sending...' while busy", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    localStorage.setItem('token', 'pending-jwt');
    mockApi({
      'GET /api/auth/me': { status: 200, body: { success: true, data: { user: { id: 9, username: 'n', emailVerified: false } } } },
      'POST /api/auth/resend-verification': { status: 200, body: { success: true, data: { sent: true } } },
    });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]).includes('resend')) await gate;
      return realFetch(...args);
    });
    renderWithApp(<VerifyEmailSentPage />, { path: '/verify-email-sent' });
    expect(screen.getByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByText(/spam/i)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Verification email has been resent. Please check your inbox.'));
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();
  });

  it('reports a failed resend', async () => {
    mockApi({ 'POST /api/auth/resend-verification': { status: 429, body: { success: false, error: 'Too many verification emails. Try again later.' } } });
    renderWithApp(<VerifyEmailSentPage />, { path: '/verify-email-sent' });
    await userEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Too many verification emails. Try again later.'));
  });

  it('falls back to the generic message without a session', async () => {
    mockApi({ 'POST /api/auth/resend-verification': { status: 401, body: { success: false, error: 'Authentication required' } } });
    renderWithApp(<VerifyEmailSentPage />, { path: '/verify-email-sent' });
    await userEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to resend verification email'));
  });
});
