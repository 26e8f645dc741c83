/**
 * The live stream across processes (docs/notes/notifications.md "Stream"): two app instances, each with its own
 * database connection (PostgreSQL, as a many-process site runs), one Redis. A notification raised through one reaches a
 * stream held on the other, once. Needs PostgreSQL and redis-server (skipped loudly without them).
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { servicesOrSkip } from '../../../scale/services.js';
import { insertDeal } from '../../../test/data/insert-deal.js';
import { useTwoProcesses } from '../../../test/engines/two-processes.js';
import { openStream } from '../test-helpers.js';

const check = await servicesOrSkip('Notifications across processes (notifications/live-redis.test.ts)', ['postgres', 'redis']);

describe.skipIf(!check.run)('notifications reach a stream held on another process', () => {
  const { h, other } = useTwoProcesses({ postgres: 'quidsin_notify_live', listen: true });

  it('a reply made through one process streams to the poster connected to the other, once', async () => {
    const [ann, bex] = [await h.createUser(), await h.createUser()];
    const ticket = (await h.request({ method: 'POST', url: '/api/notifications/stream-ticket', token: ann.token })).body.data.ticket;
    const { port } = other().server.address() as AddressInfo;
    const stream = await openStream(`http://127.0.0.1:${port}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
    const { res, events, until } = stream;
    expect(res.statusCode).toBe(200);
    await until(1);
    expect(events[0]).toEqual({ unreadCount: 0 });

    const dealId = await insertDeal(h, { status: 'active', user_id: ann.id });
    const posted = await h.request({ method: 'POST', url: '/api/comments', token: bex.token, payload: { dealId, text: 'Is this still on?' } });
    expect(posted.status).toBe(201);
    await until(2);
    expect(events[1]).toMatchObject({ unreadCount: 1, notification: { type: 'deal.comment', dealId, actor: { username: bex.username } } });
    // Published once: nothing else arrives.
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toHaveLength(2);
    stream.close();
  });
});
