/**
 * The throughput baseline: a bare Fastify route per captured response, in its own process, answering with the exact
 * bytes and headers the real server sent (captured just before the run). Whatever the real server does beyond this
 * (auth, validation, queries, presenting, serialising, helmet, rate limiting) is what the ratio measures.
 *
 * Usage: node --import tsx bench/baseline-server.ts <captured.json> <port>
 * captured.json: { "routes": [{ "name", "headers": { ... }, "bodyBase64" }] }; route n is served at /b/<name>.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

interface Captured {
  routes: Array<{ name: string; headers: Record<string, string>; bodyBase64: string }>;
}

const [file, portArg] = process.argv.slice(2);
if (!file || !portArg) {
  console.error('usage: baseline-server.ts <captured.json> <port>');
  process.exit(2);
}
const captured = JSON.parse(fs.readFileSync(file, 'utf8')) as Captured;
const app = Fastify({ logger: false });
app.get('/health', async () => 'ok');
for (const route of captured.routes) {
  const body = Buffer.from(route.bodyBase64, 'base64');
  const headers = route.headers;
  app.get(`/b/${route.name}`, (_request, reply) => {
    reply.headers(headers).send(body);
  });
}
await app.listen({ port: Number(portArg), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
