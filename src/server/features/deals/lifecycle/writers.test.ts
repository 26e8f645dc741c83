import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every statement that writes the deals table, in Kysely or in SQL text. */
const WRITES_DEALS = /(?:updateTable|insertInto|deleteFrom)\(\s*['"]deals['"]|\b(?:UPDATE|INSERT INTO|DELETE FROM)\s+(?:deals\b|\$\{table\})/g;

/**
 * Who may write a deal's row (docs/ARCHITECTURE.md §6 "The deal lifecycle"): the lifecycle's commands (inDealChange),
 * its counters module, and an in-transaction subscriber of a lifecycle change. Migrations and the seed build the
 * data before the app runs.
 */
const ALLOWED = new Set([
  'features/deals/lifecycle/commands.ts',
  'features/deals/lifecycle/counters.ts',
  // Keys the product of a created or re-pointed deal inside that change's own transaction.
  'features/products/subscriptions.ts',
  'db/seed/demo.ts',
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('writers of the deals table', () => {
  it('are the lifecycle (changes and counters) and nothing else', () => {
    const writers = new Set<string>();
    for (const file of sourceFiles(SERVER)) {
      const rel = path.relative(SERVER, file).split(path.sep).join('/');
      if (rel.startsWith('db/migrations/') || rel.startsWith('test/') || rel.startsWith('scale/')) continue;
      if (WRITES_DEALS.test(fs.readFileSync(file, 'utf8'))) writers.add(rel);
      WRITES_DEALS.lastIndex = 0;
    }
    expect([...writers].sort()).toEqual([...ALLOWED].sort());
  });
});
