// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../../shared/schemas/members/users';
import { toast } from '../../lib/toast/toast';
import { blurWith, expectBlurError, mockSignedIn, renderWithApp, testMember } from '../../test/render-with-app';
import { AccountForm, toProfileChanges } from './AccountForm';
import { avatarFileError } from './avatar-file';

vi.mock('../../lib/toast/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const member: PublicUser = { ...testMember, bio: 'Bargains' };

describe('AccountForm', () => {
  it('shows the profile rules on blur', async () => {
    renderWithApp(<AccountForm user={member} />);
    expect(await screen.findByLabelText('Username')).toHaveValue('sam');

    await expectBlurError('Username', 'x', 'Username must be at least 3 characters');
    await expectBlurError('Email', 'nope', 'Invalid email address');
    await expectBlurError('Bio', 'b'.repeat(501), 'Bio must be at most 500 characters');
    expect(screen.getByText('501/500')).toBeInTheDocument();

    await expectBlurError('New Password', 'weak', 'Password must be at least 8 characters');
    await blurWith('New Password', 'Str0ngerPass');
    await expectBlurError('Current Password', '', 'Current password is required when changing password');
    await expectBlurError('Confirm New Password', 'Different1', 'Passwords must match');
  });

  it('sends no password fields when no new password is entered', async () => {
    const calls = mockSignedIn(
      {
        'PUT /api/users/7/profile': (init) => {
          const body = JSON.parse(String(init?.body));
          return { status: 200, body: { success: true, data: { ...member, ...body, user: { ...member, ...body } } } };
        },
      },
      member,
    );
    renderWithApp(<AccountForm user={member} />);
    await blurWith('Bio', 'Deals on Lego');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated successfully.'));
    const put = calls.find((c) => c.key === 'PUT /api/users/7/profile');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ username: 'sam', email: 'sam@example.com', bio: 'Deals on Lego' });
  });

  it('puts a wrong current password against its field', async () => {
    mockSignedIn(
      { 'PUT /api/users/7/profile': { status: 400, body: { success: false, error: 'Current password is incorrect', field: 'currentPassword' } } },
      member,
    );
    renderWithApp(<AccountForm user={member} />);
    await blurWith('Current Password', 'Wrong1234');
    await blurWith('New Password', 'Str0ngerPass');
    await blurWith('Confirm New Password', 'Str0ngerPass');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Current password is incorrect');
  });
});

describe('toProfileChanges', () => {
  it('includes the passwords only with a new password', () => {
    const base = { username: 'sam', email: 'sam@example.com', bio: '', currentPassword: 'Old-Passw0rd', newPassword: '', confirmNewPassword: '' };
    expect(toProfileChanges(base)).toEqual({ username: 'sam', email: 'sam@example.com', bio: '' });
    expect(toProfileChanges({ ...base, newPassword: 'New-Passw0rd', confirmNewPassword: 'New-Passw0rd' })).toEqual({
      username: 'sam',
      email: 'sam@example.com',
      bio: '',
      currentPassword: 'Old-Passw0rd',
      newPassword: 'New-Passw0rd',
    });
  });
});

describe('avatarFileError', () => {
  it('accepts images up to 2MB and names the problem otherwise', () => {
    expect(avatarFileError({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(avatarFileError({ type: 'application/pdf', size: 10 })).toBe('Only image files are allowed.');
    expect(avatarFileError({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toBe('File too large. Maximum size is 2MB.');
  });
});
