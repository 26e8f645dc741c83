// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_STRENGTH_MESSAGE } from '../../../shared/schemas/members/users';
import { toast } from '../../lib/toast/toast';
import RegisterPage from './RegisterPage';
import { blurWith, expectBlurError, mockApi, ok, renderWithApp, testMember } from '../../test/render-with-app';

vi.mock('../../lib/toast/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

async function fillValid() {
  await userEvent.type(await screen.findByLabelText('Username'), 'new_member');
  await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Passw0rd!');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'Passw0rd!');
  await userEvent.click(screen.getByRole('checkbox'));
}

describe('RegisterPage', () => {
  it('shows each rule of SPEC §5 Register when a field loses focus', async () => {
    renderWithApp(<RegisterPage />, { path: '/register' });
    await screen.findByLabelText('Username');

    await expectBlurError('Username', '', 'Username is required');
    await expectBlurError('Username', 'ab', 'Username must be at least 3 characters');
    await expectBlurError('Username', 'a'.repeat(21), 'Username must be at most 20 characters');
    await expectBlurError('Username', 'bad name!', 'Username can only contain letters, numbers, underscores, and hyphens');

    await expectBlurError('Email', '', 'Email is required');
    await expectBlurError('Email', 'not-an-email', 'Invalid email address');

    await expectBlurError('Password', 'short', 'Password must be at least 8 characters');
    await blurWith('Password', 'alllowercase1');
    expect(await screen.findByText(PASSWORD_STRENGTH_MESSAGE)).toBeInTheDocument();

    await expectBlurError('Confirm Password', '', 'Confirm password is required');
    await blurWith('Password', 'Passw0rd!');
    await blurWith('Confirm Password', 'Passw0rd?');
    // Shown at once although the terms box is still unticked.
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('You must accept the Terms of Service and Privacy Policy')).toBeInTheDocument();
  });

  it('does not validate while typing', async () => {
    renderWithApp(<RegisterPage />, { path: '/register' });
    await userEvent.type(await screen.findByLabelText('Username'), 'a');
    expect(screen.queryByText('Username must be at least 3 characters')).not.toBeInTheDocument();
  });

  it('registers, stores the token for the resend call and goes to the check-your-email page', async () => {
    const calls = mockApi({
      'POST /api/auth/register': ok(
        {
          user: { ...testMember, id: 9, username: 'new_member', email: 'new@example.com', emailVerified: false, createdAt: '2024-01-01T00:00:00Z' },
          token: 'pending-jwt',
        },
        201,
      ),
    });
    renderWithApp(<RegisterPage />, { path: '/register' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/verify-email-sent');
    expect(toast.success).toHaveBeenCalledWith('Registration successful. Please check your email to verify your account before logging in.');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ username: 'new_member', email: 'new@example.com', password: 'Passw0rd!', termsAccepted: true });
    expect(localStorage.getItem('token')).toBe('pending-jwt');
  });

  it('puts a taken username against its field and shows the failure toast', async () => {
    mockApi({ 'POST /api/auth/register': { status: 409, body: { success: false, error: 'That username is already taken', field: 'username' } } });
    renderWithApp(<RegisterPage />, { path: '/register' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That username is already taken');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).toHaveBeenCalledWith('Registration failed. Please try again.');
  });
});
