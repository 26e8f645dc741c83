import { describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.js';
import { multipart, pngBytes } from '../test/data/uploads.js';

/**
 * A multipart body the server cannot read (no boundary, cut short, not multipart at all) is the
 * client's mistake: 400 or 415 with a message that says what to send, never a 500.
 */
describe('malformed multipart uploads', () => {
  const { h, admin, member } = useHarness({ members: 1 });

  const routes = [
    { name: 'deal image', url: () => '/api/deals/upload-image', field: 'image', token: () => member.token },
    { name: 'avatar', url: () => `/api/users/${member.id}/avatar`, field: 'avatar', token: () => member.token },
    { name: 'store logo', url: () => '/api/stores/1/upload-logo', field: 'logo', token: () => admin.token },
  ];

  async function send(route: (typeof routes)[number], contentType: string, payload: Buffer | string) {
    return h.request({ method: 'POST', url: route.url(), token: route.token(), headers: { 'content-type': contentType }, payload });
  }

  function expectClientError(res: { status: number; body: any }) {
    expect([400, 415], JSON.stringify(res.body)).toContain(res.status);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(/multipart/i);
  }

  describe.each(routes)('$name', (route) => {
    it('answers 400/415 to multipart/form-data without a boundary', async () => {
      const body = multipart(route.field, 'a.png', 'image/png', await pngBytes());
      expectClientError(await send(route, 'multipart/form-data', body.payload));
    });

    it('answers 400/415 to an empty boundary', async () => {
      const body = multipart(route.field, 'a.png', 'image/png', await pngBytes());
      expectClientError(await send(route, 'multipart/form-data; boundary=', body.payload));
    });

    it('answers 400 to a body cut short in the middle of the file', async () => {
      const body = multipart(route.field, 'a.png', 'image/png', await pngBytes(400, 300));
      const cut = body.payload.subarray(0, Math.floor(body.payload.length / 2));
      expectClientError(await send(route, body.headers['content-type'], cut));
    });

    it('answers 400 to a body cut short in the part headers', async () => {
      const body = multipart(route.field, 'a.png', 'image/png', await pngBytes());
      expectClientError(await send(route, body.headers['content-type'], body.payload.subarray(0, 30)));
    });

    it('answers 400 to a body that is not multipart at all', async () => {
      expectClientError(await send(route, 'multipart/form-data; boundary=xyz', 'hello there, no parts here'));
    });

    it('still takes a well-formed upload', async () => {
      const body = multipart(route.field, 'a.png', 'image/png', await pngBytes());
      const res = await h.request({ method: 'POST', url: route.url(), token: route.token(), ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  });
});
