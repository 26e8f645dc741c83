import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A feature is reached from outside its folder only through its index.ts (ARCHITECTURE §2): what a feature keeps to
 * itself can change without the others noticing. This reads every import of src/server/features and fails on one that
 * goes into another feature's folder past its door.
 *
 * Test files (*.test.ts) are left out: they are not part of the running site, and some use another feature's test
 * tooling on purpose (sitemap.test.ts checks its query plans with the deal plans' capture, deals/plans/query-plans.ts).
 */
const FEATURES = path.dirname(fileURLToPath(import.meta.url));

/** Module specifiers of a source file: static imports and re-exports, side-effect imports, dynamic imports. */
const SPECIFIERS = /\b(?:import|export)\s+(?:type\s+)?[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function specifiersOf(source: string): string[] {
  return [...source.matchAll(SPECIFIERS)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The feature a path under features/ belongs to, or '' for the folder's own files (the registry, this test). */
function featureOf(relative: string): string {
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : '';
}

/** "file -> target" for each import of `file` (relative to features/) into another feature other than its index. */
function crossings(file: string, source: string): string[] {
  const own = featureOf(file);
  const out: string[] = [];
  for (const spec of specifiersOf(source)) {
    if (!spec.startsWith('.')) continue;
    const target = path.normalize(path.join(path.dirname(file), spec));
    if (target.startsWith('..')) continue;
    const feature = featureOf(target);
    if (!feature || feature === own) continue;
    if (target === path.join(feature, 'index.js') || target === path.join(feature, 'index.ts')) continue;
    out.push(`${file} -> ${target}`);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('feature boundaries', () => {
  it("finds an import into another feature's files, and lets through its index, its own files and the rest of the server", () => {
    const source = [
      "import { a } from '../deals/index.js';",
      "import type { B } from '../deals/presenter.js';",
      "export { c } from './own.js';",
      "import { d } from '../../http/errors.js';",
      "export * from '../votes/queries.js';",
      "const e = await import('../alerts/mail/digest.js');",
      "import '../stores/side-effect.js';",
      "import { f } from './sub/deeper.js';",
    ].join('\n');
    expect(crossings(path.join('feeds', 'routes.ts'), source)).toEqual([
      `${path.join('feeds', 'routes.ts')} -> ${path.join('deals', 'presenter.js')}`,
      `${path.join('feeds', 'routes.ts')} -> ${path.join('votes', 'queries.js')}`,
      `${path.join('feeds', 'routes.ts')} -> ${path.join('alerts', 'mail', 'digest.js')}`,
      `${path.join('feeds', 'routes.ts')} -> ${path.join('stores', 'side-effect.js')}`,
    ]);
    // The registry (features/index.ts) is outside every feature: it too goes through each index.
    expect(crossings('index.ts', "import { authRoutes } from './auth/routes.js';")).toEqual([`index.ts -> ${path.join('auth', 'routes.js')}`]);
    expect(crossings('index.ts', "import { authRoutes } from './auth/index.js';")).toEqual([]);
  });

  it("has no import into another feature's files other than its index.ts", () => {
    const files = sourceFiles(FEATURES);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => crossings(path.relative(FEATURES, file), fs.readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
