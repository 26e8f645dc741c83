import { describe, expect, it } from 'vitest';
import { changeText, dayLabel, dayLabelWithYear, figureValue } from '../pages/admin/analytics/figure-format';
import { figuresText } from './figures';

describe('figures as the pages write them', () => {
  it("writes a deal's own figures with thousands and singulars", () => {
    expect(figuresText({ views: 1204, clicks: 311 })).toBe('1,204 views, 311 clicks');
    expect(figuresText({ views: 1, clicks: 1 })).toBe('1 view, 1 click');
    expect(figuresText({ views: 0, clicks: 0 })).toBe('0 views, 0 clicks');
  });

  it('writes the analytics values, changes and days', () => {
    expect(figureValue('clicks', 12345)).toBe('12,345');
    expect(figureValue('ctr', 25.8)).toBe('25.8%');
    expect(figureValue('ctr', 0)).toBe('0.0%');
    expect(changeText(150)).toBe('+150%');
    expect(changeText(-25)).toBe('-25%');
    expect(changeText(0)).toBe('0%');
    expect(dayLabel('2030-03-09')).toBe('9 Mar');
    expect(dayLabelWithYear('2030-12-31')).toBe('31 Dec 2030');
  });
});
