import { describe, expect, it } from 'vitest';
import { ageText, selectedOnPage, toggled } from './vote-words';

describe('votes panel helpers', () => {
  it('says an account age in the largest whole unit', () => {
    expect(ageText(null)).toBe('unknown');
    expect(ageText(0)).toBe('0 h');
    expect(ageText(23)).toBe('23 h');
    expect(ageText(24)).toBe('1 day');
    expect(ageText(24 * 40)).toBe('40 days');
    expect(ageText(24 * 800)).toBe('2 years');
  });

  it('toggles a selection and keeps only what the page shows', () => {
    const s = toggled(toggled(new Set([1]), 2), 1);
    expect([...s]).toEqual([2]);
    expect(selectedOnPage(new Set([2, 9]), [1, 2, 3])).toEqual([2]);
  });
});
