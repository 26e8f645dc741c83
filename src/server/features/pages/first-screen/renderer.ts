import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstScreen } from '../../../../shared/first-screen.js';

export type { FirstScreen };

/** What the server entry exports (built by `vite build --ssr`; see web/entry-server.tsx). */
export interface FirstScreenRenderer {
  renderFirstScreen(url: string, fetchApi: typeof fetch, timeoutMs?: number): Promise<FirstScreen | null>;
}

/**
 * The web build's server entry, built beside the web root (dist/web -> dist/ssr/entry-server.js), or undefined when
 * there is none (a build without it, a test's own web root): the pages are then served as the plain app shell.
 */
export async function loadFirstScreenRenderer(webRoot: string, log: (err: unknown) => void): Promise<FirstScreenRenderer | undefined> {
  const entry = path.join(webRoot, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  try {
    const mod = (await import(pathToFileURL(entry).href)) as Partial<FirstScreenRenderer>;
    return typeof mod.renderFirstScreen === 'function' ? (mod as FirstScreenRenderer) : undefined;
  } catch (err) {
    log(err);
    return undefined;
  }
}
