import http from 'node:http';
import { expect } from 'vitest';
import type { StreamEvent } from '../../../shared/schemas/members/notifications.js';

/** An open notification stream in a test: the events received so far, a wait for the n-th, and a way to end it. */
export async function openStream(url: string): Promise<{ res: http.IncomingMessage; events: StreamEvent[]; until(n: number): Promise<void>; close(): void }> {
  const events: StreamEvent[] = [];
  const req = http.get(url);
  const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
  let buf = '';
  res.on('data', (chunk: Buffer) => {
    buf += chunk.toString();
    for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
      const data = buf
        .slice(0, i)
        .split('\n')
        .find((l) => l.startsWith('data: '));
      if (data) events.push(JSON.parse(data.slice(6)));
      buf = buf.slice(i + 2);
    }
  });
  return {
    res,
    events,
    async until(n) {
      for (let i = 0; i < 200 && events.length < n; i++) await new Promise((r) => setTimeout(r, 25));
      expect(events.length).toBeGreaterThanOrEqual(n);
    },
    close: () => req.destroy(),
  };
}
