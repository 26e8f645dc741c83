import AxeBuilderModule from '@axe-core/playwright';
import { expect, type Page } from './test.js';

// The package's default export arrives wrapped or not depending on how the test runner loads it.
const AxeBuilder = ((AxeBuilderModule as unknown as { default?: unknown }).default ?? AxeBuilderModule) as typeof AxeBuilderModule.default;

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical axe findings on the page as it is now: WCAG 2.1 AA, and best practice unless left out. */
export async function seriousViolations(page: Page, opts: { bestPractice?: boolean } = {}) {
  const tags = opts.bestPractice === false ? WCAG_21_AA : [...WCAG_21_AA, 'best-practice'];
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** No serious or critical axe finding on the page as it is now; `what` names it in the failure. */
export async function expectAccessible(page: Page, what: string, opts: { bestPractice?: boolean } = {}) {
  const serious = await seriousViolations(page, opts);
  expect(serious, `${what}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
