// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../test/render-with-app';
import { RequireAuth } from './guards';

const account = (id: number, role: string) => ({
  id,
  username: `user${id}`,
  email: `u${id}@example.com`,
  role,
  avatar: null,
  bio: null,
  emailVerified: true,
  createdAt: '2024-03-03T14:05:00.000Z',
});

/** Signs in as `user` and opens a guarded page; answers where the guard left the reader. */
async function visit(user: ReturnType<typeof account> | null, role: 'admin' | 'moderator') {
  if (user) {
    localStorage.setItem('token', 'jwt-1');
    mockApi({ 'GET /api/auth/me': { status: 200, body: { success: true, data: { user } } } });
  } else mockApi({});
  renderWithApp(
    <RequireAuth minRole={role}>
      <p>inside</p>
    </RequireAuth>,
    { path: '/admin' },
  );
  return Promise.race([screen.findByText('inside').then(() => 'inside'), screen.findByTestId('location').then((el) => el.textContent)]);
}

describe('RequireAuth (shared/domain/access/permissions.ts, the server’s rules)', () => {
  it('lets an admin into the admin area by role, whatever the id', async () => {
    expect(await visit(account(57, 'admin'), 'admin')).toBe('inside');
  });

  it('sends an account 1 or 2 without the admin role home: the role alone decides, as on the server', async () => {
    expect(await visit(account(1, 'user'), 'admin')).toBe('/');
  });

  it('sends visitors of the admin area home', async () => {
    expect(await visit(null, 'admin')).toBe('/');
  });

  it('lets moderators and admins into staff pages, not members', async () => {
    expect(await visit(account(9, 'moderator'), 'moderator')).toBe('inside');
  });

  it('keeps members out of staff pages', async () => {
    expect(await visit(account(2, 'user'), 'moderator')).toBe('/');
  });
});
