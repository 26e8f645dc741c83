// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast/toast';
import LoginPage from './LoginPage';
import { mockApi, renderWithApp, testMember } from '../../test/render-with-app';

vi.mock('../../lib/toast/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

describe('LoginPage', () => {
  it('validates on blur with the spec messages, not while typing', async () => {
    renderWithApp(<LoginPage />, { path: '/login' });
    const credential = await screen.findByLabelText('Username or Email');
    await userEvent.click(credential);
    expect(screen.queryByText('Username or Email is required')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByText('Username or Email is required')).toBeInTheDocument();
    expect(credential).toHaveAttribute('aria-invalid', 'true');

    const password = screen.getByLabelText('Password');
    await userEvent.click(password);
    await userEvent.tab();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();

    await userEvent.type(credential, 'sam');
    expect(screen.getByText('Username or Email is required')).toBeInTheDocument();
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByText('Username or Email is required')).not.toBeInTheDocument());
  });

  it('shows the toast and the inline panel when the credentials are wrong', async () => {
    mockApi({ 'POST /api/auth/login': { status: 401, body: { success: false, error: 'Invalid username/email or password' } } });
    renderWithApp(<LoginPage />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText('Username or Email'), 'sam');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Sign in failed: The username or password you entered is incorrect. Please try again.');
    expect(panel).not.toHaveTextContent('Invalid username/email or password');
    expect(toast.error).toHaveBeenCalledWith('Login failed. Please check your credentials.');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("adds the server's reason for an unverified email", async () => {
    const reason = 'Please verify your email address before logging in. Check your inbox for the verification link.';
    mockApi({ 'POST /api/auth/login': { status: 403, body: { success: false, error: reason } } });
    renderWithApp(<LoginPage />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText('Username or Email'), 'sam');
    await userEvent.type(screen.getByLabelText('Password'), 'Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
  });

  it('returns to the page the guard came from after signing in, and remembers the credential when asked', async () => {
    const calls = mockApi({ 'POST /api/auth/login': { status: 200, body: { success: true, data: { user: testMember, token: 'jwt-1' } } } });
    renderWithApp(<LoginPage />, { path: '/login', state: { from: '/user/deals?page=2' } });
    await userEvent.type(await screen.findByLabelText('Username or Email'), 'sam');
    await userEvent.type(screen.getByLabelText('Password'), 'Passw0rd!');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/user/deals?page=2');
    expect(toast.success).toHaveBeenCalledWith('Logged in successfully.');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ credential: 'sam', password: 'Passw0rd!' });
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('rememberedCredential')).toBe('sam');
  });

  it('goes home when there is no page to return to', async () => {
    mockApi({ 'POST /api/auth/login': { status: 200, body: { success: true, data: { user: testMember, token: 'jwt-1' } } } });
    renderWithApp(<LoginPage />, { path: '/login' });
    await userEvent.type(await screen.findByLabelText('Username or Email'), 'sam');
    await userEvent.type(screen.getByLabelText('Password'), 'Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  // The password reset page replaces the spec's dead link.
  it('has a forgot-password link to the reset request page', async () => {
    renderWithApp(<LoginPage />, { path: '/login' });
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: /create one/i })).toHaveAttribute('href', '/register');
    await userEvent.click(link);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/forgot-password$/);
  });
});
