import { describe, expect, it } from 'vitest';
import { parseSearch } from './query.js';
import {
  correctableExclusions,
  correctablePhrases,
  correctableWords,
  correctedSearch,
  editDistance,
  firstLettersPrefixes,
  nearestWord,
  respell,
  typosAllowed,
} from './typos.js';

describe('near spellings', () => {
  it('allows no typo under 5 letters or with a digit, one for 5-8 letters, two from 9', () => {
    expect(typosAllowed('sony')).toBe(0);
    expect(typosAllowed('dysin')).toBe(1);
    expect(typosAllowed('samsnugs')).toBe(1);
    expect(typosAllowed('televsion')).toBe(2);
    expect(typosAllowed('ps5000')).toBe(0);
    expect(typosAllowed('12345678')).toBe(0);
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('samsnug', 'samsung')).toBe(1);
    expect(editDistance('kettel', 'kettle')).toBe(1);
    expect(editDistance('dyson', 'dysn')).toBe(1);
    expect(editDistance('hoover', 'hooverr')).toBe(1);
    expect(editDistance('samsung', 'samsung')).toBe(0);
    expect(editDistance('abc', 'xyz')).toBe(3);
    expect(editDistance('samsung', 'lenovo', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('picks the nearest known word, then the commonest', () => {
    const known = [
      { word: 'samsung', deals: 40 },
      { word: 'samson', deals: 2 },
      { word: 'sams', deals: 100 },
    ];
    expect(nearestWord('samsnug', 'samsnug', known)?.word).toBe('samsung');
    expect(nearestWord('samsong', 'samsong', known)?.word).toBe('samsung');
    // Too short for a typo, or already known.
    expect(nearestWord('sams', 'sams', known)).toBeNull();
    expect(nearestWord('samsung', 'samsung', known)).toBeNull();
    expect(nearestWord('xylophone', 'xylophon', known)).toBeNull();
    expect(
      nearestWord('samsxng', 'samsxng', [
        { word: 'samsang', deals: 1 },
        { word: 'samsung', deals: 9 },
      ])?.word,
    ).toBe('samsung');
  });

  it('writes a stem back with the typed ending', () => {
    expect(respell('televsion', 'televs', 'televis')).toBe('television');
    expect(respell('samsnug', 'samsnug', 'samsung')).toBe('samsung');
    expect(respell('sonny', 'sonni', 'soni')).toBe('sony');
    expect(respell('grate', 'grat', 'great')).toBe('greate');
  });

  it('replaces words in the search as typed, keeping phrases and exclusions', () => {
    const parsed = parseSearch('samsnug tv "smart hub" -refurbishd');
    expect(correctableWords(parsed)).toEqual(['samsnug']);
    expect(correctedSearch(parsed, new Map([['samsnug', 'samsung']]))).toBe('samsung tv "smart hub" -refurbishd');
    expect(correctableWords(parseSearch('ps5 4k "samsnug" sony'))).toEqual([]);
  });
});

describe('correctablePhrases', () => {
  it('names the quoted phrases holding a word long enough to allow a typo', () => {
    expect(correctablePhrases(parseSearch('"samsnug tv" kettle "a b" -"dyson vaccum"'))).toEqual([{ typed: '"samsnug tv"', words: ['samsnug', 'tv'] }]);
  });
});

describe('misspelt exclusions and first letters', () => {
  it('names the excluded words that may be misspelt, and writes their correction back as an exclusion', () => {
    const parsed = parseSearch('dyson -refurbsihed -"used one" -tv');
    expect(correctableExclusions(parsed)).toEqual(['refurbsihed']);
    expect(correctedSearch(parsed, new Map([['-refurbsihed', 'refurbished']]))).toBe('dyson -refurbished -"used one" -tv');
  });

  it('reads where a typo in the first two letters would put the word: its first letter, the two swapped, any first letter', () => {
    const p = firstLettersPrefixes('asmsung');
    expect(p).toEqual(expect.arrayContaining(['a', 'sa', 'sm', 'bs', 'zs', '9s']));
    expect(p).not.toContain('as');
    // Each real word one edit away in its first two letters begins with one of them.
    for (const [typed, meant] of [
      ['asmsung', 'samsung'],
      ['xamsung', 'samsung'],
      ['amsung', 'samsung'],
      ['ssamsung', 'samsung'],
      ['sxmsung', 'samsung'],
      ['smsung', 'samsung'],
      ['sxamsung', 'samsung'],
    ]) {
      expect(editDistance(typed, meant), typed).toBe(1);
      expect(
        firstLettersPrefixes(typed).some((q) => meant.startsWith(q)),
        typed,
      ).toBe(true);
    }
  });
});
