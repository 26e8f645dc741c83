import type { Db } from '../connection.js';

const HOUR = 3_600_000;
const BROWSERS = [
  'Chrome on Windows',
  'Safari on iPhone',
  'Chrome on Android',
  'Firefox on Mac',
  'Edge on Windows',
  'Safari on Mac',
  'Samsung Internet on Android',
];
/** Coarse hints only, as the live code keeps them (shared/domain/members/account-security.ts ipHint): documentation ranges. */
const NETWORKS = ['203.0.x.x', '198.51.x.x', '192.0.x.x', '2001:db8::/32'];

/**
 * Where the demo members are signed in and their security activity (docs/notes/account-security.md): one to three
 * sessions each on believable browsers (still in force for a few days, so "Where you're signed in" has rows to show; no
 * token of them exists), and the sign-ins and the odd password change that made them, over the past fortnight.
 */
export async function seedDemoSecurity(db: Db, now = Date.now()): Promise<void> {
  const k = db.kysely;
  const members = await k.selectFrom('users').select(['id']).where('role', '<>', 'admin').where('email_verified_at', 'is not', null).orderBy('id').execute();
  const sessions = [];
  const events = [];
  for (const [i, { id }] of members.entries()) {
    const userId = Number(id);
    const count = 1 + (i % 3);
    for (let s = 0; s < count; s++) {
      const started = now - ((i * 7 + s * 29) % 100) * HOUR - s * 12 * HOUR;
      const browser = BROWSERS[(i + s * 3) % BROWSERS.length];
      const ipHint = NETWORKS[(i + s) % NETWORKS.length];
      const iso = new Date(started).toISOString();
      sessions.push({
        user_id: userId,
        method: 'password',
        browser,
        ip_hint: ipHint,
        created_at: iso,
        last_used_at: new Date(Math.min(now, started + ((i + s) % 9) * HOUR)).toISOString(),
        authenticated_at: iso,
        expires_at: new Date(started + 7 * 24 * HOUR).toISOString(),
      });
      events.push({ user_id: userId, kind: 'sign-in', browser, ip_hint: ipHint, created_at: iso });
    }
    if (i % 5 === 2) {
      const browser = BROWSERS[i % BROWSERS.length];
      events.push({
        user_id: userId,
        kind: 'password-changed',
        browser,
        ip_hint: NETWORKS[i % NETWORKS.length],
        created_at: new Date(now - (10 + (i % 4)) * 24 * HOUR).toISOString(),
      });
    }
  }
  for (let at = 0; at < sessions.length; at += 200)
    await k
      .insertInto('sessions')
      .values(sessions.slice(at, at + 200))
      .execute();
  for (let at = 0; at < events.length; at += 200)
    await k
      .insertInto('security_events')
      .values(events.slice(at, at + 200))
      .execute();
}
