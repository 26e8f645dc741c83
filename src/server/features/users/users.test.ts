import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { changePassword } from '../../test/data/accounts.js';
import { useHarness } from '../../test/harness.js';
import { multipart } from '../../test/data/uploads.js';

describe('users API', () => {
  const { h } = useHarness();

  it('shows and updates one own profile, refuses someone else', async () => {
    const me = await h.createUser();
    const other = await h.createUser();
    const get = await h.request({ method: 'GET', url: `/api/users/${me.id}/profile`, token: me.token });
    expect(get.status).toBe(200);
    expect(get.body.data).toMatchObject({ id: me.id, username: me.username, role: 'user' });

    const put = await h.request({
      method: 'PUT',
      url: `/api/users/${me.id}/profile`,
      token: me.token,
      payload: { username: `${me.username}x`, bio: 'I love a bargain' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data.user).toMatchObject({ username: `${me.username}x`, bio: 'I love a bargain' });

    expect((await h.request({ method: 'GET', url: `/api/users/${other.id}/profile`, token: me.token })).status).toBe(403);
    expect((await h.request({ method: 'PUT', url: `/api/users/${other.id}/profile`, token: me.token, payload: { bio: 'hacked' } })).status).toBe(403);
    expect((await h.request({ method: 'GET', url: `/api/users/${me.id}/profile` })).status).toBe(401);
    // An admin may read anyone's profile.
    expect((await h.request({ method: 'GET', url: `/api/users/${me.id}/profile`, token: await h.adminToken() })).status).toBe(200);
  });

  it('validates the profile with the spec messages and refuses a taken username', async () => {
    const me = await h.createUser();
    const bio = await h.request({ method: 'PUT', url: `/api/users/${me.id}/profile`, token: me.token, payload: { bio: 'x'.repeat(501) } });
    expect(bio.status).toBe(400);
    expect(bio.body.error).toBe('Bio must be at most 500 characters');
    const taken = await h.request({ method: 'PUT', url: `/api/users/${me.id}/profile`, token: me.token, payload: { username: 'admin' } });
    expect(taken.status).toBe(409);
    const noCurrent = await h.request({ method: 'PUT', url: `/api/users/${me.id}/profile`, token: me.token, payload: { newPassword: 'N3wPassword' } });
    expect(noCurrent.body.error).toBe('Current password is required when changing password');
  });

  it('changes the password only with the right current one and revokes older tokens', async () => {
    const me = await h.createUser();
    const wrong = await changePassword(h, me, 'N3wPassword', 'Wrong-Passw0rd');
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('currentPassword');

    const changed = await changePassword(h, me, 'N3wPassword');
    expect(changed.status).toBe(200);
    const fresh = changed.body.data.token as string;
    expect(fresh).toBeTruthy();
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token: me.token })).status).toBe(401);
    expect((await h.request({ method: 'GET', url: '/api/auth/me', token: fresh })).status).toBe(200);
    const login = await h.request({ method: 'POST', url: '/api/auth/login', payload: { credential: me.username, password: 'N3wPassword' } });
    expect(login.status).toBe(200);
  });

  it('re-encodes an avatar upload and refuses non-images and oversized files', async () => {
    const me = await h.createUser();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#10b981' } })
      .png()
      .toBuffer();
    const ok = await h.request({ method: 'POST', url: `/api/users/${me.id}/avatar`, token: me.token, ...multipart('avatar', 'me.png', 'image/png', png) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.avatar).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const served = await h.app.inject({ method: 'GET', url: ok.body.data.avatar });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(512);

    const fake = await h.request({
      method: 'POST',
      url: `/api/users/${me.id}/avatar`,
      token: me.token,
      ...multipart('avatar', 'x.png', 'image/png', Buffer.from('<script>alert(1)</script>')),
    });
    expect(fake.status).toBe(415);
    expect(fake.body.error).toBe('Only image files are allowed.');

    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 1);
    const tooBig = await h.request({ method: 'POST', url: `/api/users/${me.id}/avatar`, token: me.token, ...multipart('avatar', 'big.png', 'image/png', big) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('File too large. Maximum size is 2MB.');
  });
});
