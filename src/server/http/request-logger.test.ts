import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './request-logger.js';

/** An app logging JSON lines into an array, with main.ts's redaction, with or without the lazy factory. */
async function appLogging(level: string, lazy: boolean) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      cb();
    },
  });
  const logger = pino({ level, redact: ['req.headers.authorization', '*.password'] }, stream);
  const app = Fastify({ loggerInstance: logger, ...(lazy ? { childLoggerFactory: lazyRequestLogger } : {}) });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talks', async (request) => {
    request.log.warn({ detail: { password: 'hunter2', n: 1 } }, 'something to see');
    request.log.info('routine');
    request.log.child({ part: 'inner' }).error('from a child');
    return { bindings: (request.log as unknown as pino.Logger).bindings(), level: request.log.level };
  });
  app.get('/verbose', async (request) => {
    // A level raised on the request's logger: its later lines and the reply's "request completed" are written.
    request.log.level = 'info';
    request.log.info('now visible');
    return { level: request.log.level };
  });
  app.get('/own-level', { logLevel: 'debug' }, async (request) => {
    request.log.debug('debug on this route');
    return { ok: true };
  });
  await app.ready();
  return { app, lines, logger };
}

/** The lines without what differs between two runs (time, pid, hostname, response time). */
const comparable = (lines: Array<Record<string, unknown>>) => lines.map(({ time: _t, pid: _p, hostname: _h, responseTime: _r, ...rest }) => rest);

describe('lazy request logger', () => {
  for (const level of ['warn', 'info']) {
    it(`writes exactly the lines Fastify's own request child writes (LOG_LEVEL=${level}), bindings and redaction included`, async () => {
      const outputs = [];
      for (const lazy of [false, true]) {
        const { app, lines } = await appLogging(level, lazy);
        const answers = [];
        for (const url of ['/quiet', '/talks', '/own-level', '/verbose', '/talks'])
          answers.push((await app.inject({ url, headers: { authorization: 'Bearer secret' } })).json());
        await app.close();
        outputs.push({ lines: comparable(lines), answers });
      }
      expect(outputs[1]).toEqual(outputs[0]);
      const talk = outputs[1].lines.find((l) => l.msg === 'something to see');
      expect(talk).toMatchObject({ reqId: expect.any(String), level: 40, detail: { password: '[Redacted]', n: 1 } });
      expect(outputs[1].lines.find((l) => l.msg === 'from a child')).toMatchObject({ reqId: talk!.reqId, part: 'inner' });
      expect(outputs[1].lines.some((l) => l.msg === 'debug on this route')).toBe(true);
      expect(outputs[1].answers[1]).toEqual({ bindings: { reqId: expect.any(String) }, level });
      const verbose = outputs[1].lines.findIndex((l) => l.msg === 'now visible');
      expect(verbose).toBeGreaterThan(-1);
      expect(outputs[1].lines[verbose + 1]).toMatchObject({ msg: 'request completed', reqId: outputs[1].lines[verbose].reqId });
    });
  }

  it('makes no child logger for a request that writes nothing at an enabled level', async () => {
    const { app, logger } = await appLogging('warn', true);
    const child = vi.spyOn(logger, 'child');
    await app.inject({ url: '/quiet' });
    expect(child).not.toHaveBeenCalled();
    await app.inject({ url: '/talks' });
    // Once for the request (then once more for its own child, which pino makes from the parent's prototype).
    expect(child.mock.calls.map((c) => Object.keys(c[0]))).toEqual([['reqId'], ['part']]);
    await app.close();
  });
});
