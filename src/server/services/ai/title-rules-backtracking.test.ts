import { describe, expect, it } from 'vitest';
import { shortenTitle, titleFromPrompt } from './title-rules.js';

/**
 * The offline title rules run on an admin's prompt (up to 4000 characters) and on deal titles: no input may make their
 * patterns backtrack for long (found by test/fuzz.test.ts: 3000 emoji held the event loop for about 30 s, runs of
 * "**" for minutes).
 */
describe('title rules on hostile input', () => {
  const inputs: Array<[string, string]> = [
    ['emoji', '💥'.repeat(4000)],
    ['bold marks', `a${' **'.repeat(1333)} b`],
    ['exclamation marks', ' !'.repeat(2000)],
    ['separators', `a${' - '.repeat(1333)}b`],
    ['dashes', `${'-'.repeat(4000)}x`],
    ['store tails', ' at'.repeat(1333)],
    ['code tails', ' with'.repeat(800)],
    ['brackets', '('.repeat(4000)],
    ['pounds', '£ '.repeat(2000)],
    ['colons and quotes', ':"'.repeat(2000)],
  ];

  it.each(inputs)('shortens %s quickly', (_name, input) => {
    const started = performance.now();
    const title = shortenTitle(titleFromPrompt(input));
    expect(title.length).toBeLessThanOrEqual(100);
    // Linear work is a few milliseconds; the backtracking took seconds to minutes. Generous for a busy machine.
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
