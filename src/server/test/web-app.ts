/**
 * An app that serves a web build, for tests of what the server puts in the SPA's HTML: a tiny build (an index.html
 * shaped like Vite's output and one asset) in a temporary folder, served by a second app on the harness's database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Harness } from './harness.js';

export const TEST_INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="QuidsIn &mdash; the UK community for the best deals &amp; freebies." />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>QuidsIn — UK deals, voted by the community</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

export interface WebApp {
  app: FastifyInstance;
  webRoot: string;
  close(): Promise<void>;
}

/**
 * `files` adds or replaces files of the build (e.g. og-image.png), by path relative to its root; `../ssr/...` are
 * beside it, where the server looks for the first-screen renderer (features/pages/first-screen/renderer.ts).
 */
export async function createWebApp(h: Harness, files: Record<string, string | Buffer> = {}): Promise<WebApp> {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-web-'));
  const webRoot = path.join(build, 'web');
  const all: Record<string, string | Buffer> = { 'index.html': TEST_INDEX_HTML, 'assets/index-abc123.js': 'console.log("app")\n', ...files };
  for (const [name, content] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(webRoot, name)), { recursive: true });
    fs.writeFileSync(path.join(webRoot, name), content);
  }
  // buildApp finds the build through WEB_ROOT (as e2e runs do); set only while it is read.
  const previous = process.env.WEB_ROOT;
  process.env.WEB_ROOT = webRoot;
  let app: FastifyInstance;
  try {
    app = await buildApp({ config: h.config, db: h.db, tokens: h.app.deps.tokens, mailer: h.app.deps.mailer }, { serveWeb: true });
  } finally {
    if (previous === undefined) delete process.env.WEB_ROOT;
    else process.env.WEB_ROOT = previous;
  }
  await app.ready();
  return {
    app,
    webRoot,
    async close() {
      await app.close();
      fs.rmSync(build, { recursive: true, force: true });
    },
  };
}
