import { beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../../db/seed/index.js';
import { useHarness } from '../../../test/harness.js';

describe('admin users API', () => {
  const { h, admin } = useHarness();
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    // Distinct creation times so created_at order is certain.
    for (const [i, name] of ['Charlie', 'alice', 'Bob_99', 'dave-x'].entries()) {
      const u = await h.createUser({ username: name });
      ids[name] = u.id;
      await h.db.kysely
        .updateTable('users')
        .set({ created_at: new Date(Date.now() + (i + 1) * 1000).toISOString() })
        .where('id', '=', u.id)
        .execute();
    }
  });

  const list = (query: string) => h.request({ method: 'GET', url: `/api/admin/users${query}`, token: admin.token });

  it('lists newest first by default with the paging fields', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ totalCount: 6, page: 1, limit: 10, totalPages: 1 });
    expect(res.body.data.users.map((u: any) => u.username).slice(0, 4)).toEqual(['dave-x', 'Bob_99', 'alice', 'Charlie']);
    const first = res.body.data.users[0];
    expect(Object.keys(first).sort()).toEqual(['avatar', 'bio', 'createdAt', 'email', 'emailVerified', 'id', 'isProtectedAdmin', 'role', 'username']);
    const admins = res.body.data.users.filter((u: any) => u.isProtectedAdmin).map((u: any) => u.id);
    expect(admins.sort()).toEqual([1, 2]);
  });

  it('sorts by username case-insensitively, by id and by role, either way', async () => {
    const byName = await list('?sortBy=username&sortOrder=asc');
    expect(byName.body.data.users.map((u: any) => u.username)).toEqual(['admin', 'admin2', 'alice', 'Bob_99', 'Charlie', 'dave-x']);
    const byNameDesc = await list('?sortBy=username&sortOrder=DESC');
    expect(byNameDesc.body.data.users[0].username).toBe('dave-x');
    const byId = await list('?sortBy=id&sortOrder=asc');
    expect(byId.body.data.users.map((u: any) => u.id)).toEqual([1, 2, ids.Charlie, ids.alice, ids.Bob_99, ids['dave-x']]);
    const byCreated = await list('?sortBy=createdAt&sortOrder=asc');
    expect(byCreated.body.data.users.at(-1).username).toBe('dave-x');
    const byRole = await list('?sortBy=role&sortOrder=asc');
    expect(byRole.body.data.users.slice(0, 2).map((u: any) => u.role)).toEqual(['admin', 'admin']);
  });

  it('pages', async () => {
    const res = await list('?sortBy=id&sortOrder=asc&limit=4&page=2');
    expect(res.body.data).toMatchObject({ totalCount: 6, page: 2, limit: 4, totalPages: 2 });
    expect(res.body.data.users.map((u: any) => u.id)).toEqual([ids.Bob_99, ids['dave-x']]);
  });

  it('searches username and email, taking % and _ literally', async () => {
    expect((await list('?search=ALI')).body.data.users.map((u: any) => u.username)).toEqual(['alice']);
    expect((await list('?search=b_99')).body.data.users.map((u: any) => u.username)).toEqual(['Bob_99']);
    expect((await list('?search=quidsin.local&sortBy=id&sortOrder=asc')).body.data.users.map((u: any) => u.id)).toEqual([1, 2]);
    const pct = await list('?search=%25');
    expect(pct.body.data).toMatchObject({ users: [], totalCount: 0 });
    const underscore = await list('?search=_');
    expect(underscore.body.data.users.map((u: any) => u.username)).toEqual(['Bob_99']);
  });

  it('refuses bad list parameters with 400', async () => {
    expect((await list('?sortBy=password_hash')).status).toBe(400);
    expect((await list('?limit=1000')).status).toBe(400);
    expect((await list('?sortOrder=sideways')).status).toBe(400);
  });

  it('changes a role, logs it, and the new admin gets in', async () => {
    const member = await h.createUser();
    const res = await h.request({ method: 'PUT', url: `/api/admin/users/${member.id}/role`, token: admin.token, payload: { role: 'admin' } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: member.id, role: 'admin', isProtectedAdmin: false });
    const log = await h.db.kysely.selectFrom('moderation_log').selectAll().where('entity_id', '=', member.id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'role-change', entity_type: 'user', actor_id: 1, entity_title: member.username });
    expect(JSON.parse(log.before_json!)).toEqual({ role: 'user' });
    expect(JSON.parse(log.after_json!)).toEqual({ role: 'admin' });
    const dash = await h.request({ method: 'GET', url: '/api/admin/dashboard', token: member.token });
    expect(dash.status).toBe(200);

    const back = await h.request({ method: 'PUT', url: `/api/admin/users/${member.id}/role`, token: admin.token, payload: { role: 'user' } });
    expect(back.body.data.user.role).toBe('user');
    expect((await h.request({ method: 'GET', url: '/api/admin/dashboard', token: member.token })).status).toBe(403);
  });

  it('keeps accounts 1 and 2 admins', async () => {
    for (const id of [1, 2]) {
      for (const role of ['user', 'moderator']) {
        const res = await h.request({ method: 'PUT', url: `/api/admin/users/${id}/role`, token: admin.token, payload: { role } });
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('Accounts 1 and 2 are the site administrators and always keep the admin role');
      }
      const same = await h.request({ method: 'PUT', url: `/api/admin/users/${id}/role`, token: admin.token, payload: { role: 'admin' } });
      expect(same.status).toBe(200);
    }
    const roles = await h.db.kysely.selectFrom('users').select('role').where('id', 'in', [1, 2]).execute();
    expect(roles.map((r) => r.role)).toEqual(['admin', 'admin']);
  });

  it('decides admin by role alone, and gives accounts 1 and 2 the role back at start', async () => {
    // Nothing else writes a role: a profile update carrying one leaves it as it was.
    const own = await h.request({ method: 'PUT', url: '/api/users/1/profile', token: admin.token, payload: { bio: 'Still in charge', role: 'user' } });
    expect(own.status).toBe(200);
    expect(own.body.data.user.role).toBe('admin');
    // A database edited by hand: account 1 without the role is refused the back office (role alone decides, not the
    // id) until the next start's seed makes it an admin again. The profile writes move the session cache's write
    // generation (http/session-cache.ts), as an API role change does, so the next request reads the row afresh.
    const touch = () => h.request({ method: 'PUT', url: '/api/users/1/profile', token: admin.token, payload: { bio: 'Still in charge' } });
    await h.db.kysely.updateTable('users').set({ role: 'user' }).where('id', '=', 1).execute();
    expect((await touch()).status).toBe(200);
    expect((await h.request({ method: 'GET', url: '/api/admin/dashboard', token: admin.token })).status).toBe(403);
    await seedReferenceData(h.db, h.config);
    const roles = await h.db.kysely.selectFrom('users').select('role').where('id', 'in', [1, 2]).execute();
    expect(roles.map((r) => r.role)).toEqual(['admin', 'admin']);
    await touch();
    expect((await h.request({ method: 'GET', url: '/api/admin/dashboard', token: admin.token })).status).toBe(200);
  });

  it('refuses an unknown role (400) and an unknown user (404)', async () => {
    const bad = await h.request({ method: 'PUT', url: `/api/admin/users/${ids.alice}/role`, token: admin.token, payload: { role: 'superuser' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('role');
    const missing = await h.request({ method: 'PUT', url: '/api/admin/users/99999/role', token: admin.token, payload: { role: 'moderator' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('User not found');
  });
});
