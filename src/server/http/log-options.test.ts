import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggableUrl, loggerOptions } from './log-options.js';

describe("the server's request log", () => {
  it("keeps the client's address, credentials and private parameters out", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        cb();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream }, trustProxy: true });
    app.post('/fail', async () => {
      throw new Error('boom');
    });
    app.get('/verify', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/verify?token=s3cr3t-link&next=%2Fsaved',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '198.51.100.23', cookie: 'session=abc123' },
    });
    await app.inject({ method: 'POST', url: '/fail?Email=someone%40example.test', remoteAddress: '203.0.113.7', payload: { password: 'hunter22' } });
    await app.close();
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(all).toContain('"url":"/verify?token=[redacted]&next=%2Fsaved"');
    expect(all).toContain('"method":"POST"');
    for (const secret of ['203.0.113.7', '198.51.100.23', 'remoteAddress', 's3cr3t-link', 'abc123', 'hunter22', 'someone%40example'])
      expect(all).not.toContain(secret);
  });

  it('redacts only the values of private parameters', () => {
    expect(loggableUrl('/api/deals?search=lego&page=2')).toBe('/api/deals?search=lego&page=2');
    expect(loggableUrl('/reset?TOKEN=abc&code&key=1')).toBe('/reset?TOKEN=[redacted]&code&key=[redacted]');
    expect(loggableUrl('/x?%E0=1&token=2')).toBe('/x?%E0=1&token=[redacted]');
    expect(loggableUrl('/api/notifications/stream?ticket=7.0.1.mac')).toBe('/api/notifications/stream?ticket=[redacted]');
  });
});
