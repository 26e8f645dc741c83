import { describe, expect, it } from 'vitest';
import { equivalentWords, matchTextOf, parseSearch, searchText, wordsMatch } from './query.js';

/** Each group as its forms, "a b" for a phrase, with * for a prefix. */
const shape = (q: string) => parseSearch(q).groups.map((g) => g.forms.map((f) => f.words.join(' ') + (f.prefix ? '*' : '')));
const excluded = (q: string) => parseSearch(q).excluded.map((f) => f.words.join(' ') + (f.prefix ? '*' : ''));

describe('search query understanding', () => {
  it('keeps plain words as prefixes, each its own group', () => {
    expect(shape('Samsung fridge freezer')).toEqual([['samsung*'], ['fridge*', 'refrigerator'], ['freezer*']]);
  });

  it('finds model names joined, split and shortened', () => {
    expect(shape('playstation5')).toEqual([['playstation5*', 'ps5', 'playstation 5']]);
    expect(shape('playstation 5')).toEqual([['playstation 5', 'ps5', 'playstation5']]);
    expect(shape('PS5')[0]).toEqual(expect.arrayContaining(['ps5*', 'playstation 5', 'playstation5']));
    expect(shape('iphone15')).toEqual([['iphone15*', 'iphone 15']]);
  });

  it('writes a screen size every way stores do', () => {
    const size = ['55in', '55inch', '55 inch', '55'];
    for (const q of ['55 inch', '55in', '55"', '55-inch', '55 inches', '55\u201d', "55''"]) expect(shape(q)).toEqual([size]);
    expect(shape('samsung 55" tv')[1]).toEqual(size);
    // A quote that closes a phrase is not a size, nor a number inside a word.
    expect(shape('"samsung 55"')).toEqual([['samsung 55']]);
    expect(excluded('-"galaxy s23"')).toEqual(['galaxy s23']);
  });

  it('joins and splits compound words', () => {
    expect(shape('airfryer')).toEqual([['airfryer*', 'air fryer']]);
    expect(shape('air fryer')).toEqual([['air fryer', 'airfryer']]);
    expect(shape('Ninja air fryer')).toEqual([['ninja*'], ['air fryer', 'airfryer']]);
  });

  it('keeps 4k and sizes with units as one word', () => {
    expect(shape('4k tv')[0]).toEqual(['4k*']);
    expect(shape('128gb')).toEqual([['128gb*']]);
  });

  it('reads quoted phrases and exclusions', () => {
    expect(shape('"samsung tv" -refurbished')).toEqual([['samsung tv']]);
    expect(excluded('"samsung tv" -refurbished')).toEqual(['refurbished*']);
    expect(excluded('laptop -"open box"')).toEqual(['open box']);
    expect(searchText(parseSearch('laptop  -"Open box"'))).toBe('laptop -"open box"');
    // A hyphen inside a word is not an exclusion.
    expect(shape('wi-fi')).toEqual([['wi*'], ['fi*']]);
  });

  it('survives hostile and odd input with an answer, possibly empty', () => {
    expect(shape('sams "tv')).toEqual([['sams*'], ['tv*', 'television', 'telly']]);
    expect(shape('"""')).toEqual([]);
    expect(shape('!!! ... ???')).toEqual([]);
    expect(shape('🎉🔥')).toEqual([]);
    expect(shape('-')).toEqual([]);
    expect(shape('" OR 1=1; DROP TABLE deals; --')).toEqual([['or*'], ['1*'], ['drop*'], ['table*'], ['deals*']]);
    expect(shape('NEAR(a b) AND title:x*')).toEqual([['near*'], ['a*'], ['b*'], ['and*'], ['title*'], ['x*']]);
    expect(shape('the of and')).toEqual([['the*'], ['of*'], ['and*']]);
    const long = 'x'.repeat(200);
    expect(shape(long)).toEqual([[`${'x'.repeat(40)}*`]]);
    expect(parseSearch('a b c d e f g h i j k').groups).toHaveLength(8);
    expect(parseSearch('-a -b -c -d -e -f x').excluded).toHaveLength(4);
    expect(parseSearch(undefined)).toEqual({ groups: [], excluded: [] });
  });
});

describe('matching a title without the index (suggestions)', () => {
  const matches = (q: string, title: string) => wordsMatch(parseSearch(q), matchTextOf(title));
  it('matches every group by a word prefix, a synonym or words in a row, and no exclusion', () => {
    expect(matches('sams', 'Samsung 55" QLED TV')).toBe(true);
    expect(matches('sams tel', 'Samsung 55" QLED TV')).toBe(false);
    expect(matches('telly', 'Samsung 55" QLED TV')).toBe(true);
    expect(matches('ps5', 'Sony PlayStation 5 Slim')).toBe(true);
    expect(matches('55 inch', 'Samsung 55" QLED TV')).toBe(true);
    expect(matches('samsung -qled', 'Samsung 55" QLED TV')).toBe(false);
    expect(matches('ung', 'Samsung')).toBe(false);
    expect(matches('!!', 'Samsung')).toBe(false);
  });

  it('folds plurals on both sides, and matches forms other than the typed word whole', () => {
    expect(matches('fryers', 'Ninja Air Fryer')).toBe(true);
    expect(matches('battery', 'Duracell AA Batteries')).toBe(true);
    expect(matches('television', 'Two Televisions')).toBe(true);
    expect(matches('telly', 'Samsung Televisions bundle')).toBe(true);
    // "tv" as a synonym of "telly" is a whole word, not the start of "tvstand"; typed, it is a prefix.
    expect(matches('telly', 'Oak TVstand')).toBe(false);
    expect(matches('tv', 'Oak TVstand')).toBe(true);
    // A bare number form of a screen size is the whole number: "55 inch" is not "550W".
    expect(matches('55 inch', 'Samsung 55 QLED')).toBe(true);
    expect(matches('55 inch', 'Kettle 550W')).toBe(false);
    expect(matches('"air fryers"', 'Tower air fryer 4L')).toBe(true);
    expect(matches('"air fryer"', 'Air purifier; fryer basket')).toBe(false);
  });

  it('never runs a phrase from one text into the next', () => {
    expect(wordsMatch(parseSearch('"fryer ninja"'), matchTextOf('Tower air fryer', 'Ninja'))).toBe(false);
    expect(wordsMatch(parseSearch('fryer ninja'), matchTextOf('Tower air fryer', 'Ninja'))).toBe(true);
  });
});

describe('what a text also stands for (the alerts index keys)', () => {
  const also = (title: string) => equivalentWords(matchTextOf(title));
  it('offers every form of a synonym class the text holds, model names joined, numbers as screen sizes', () => {
    expect(also('Samsung Televisions')).toEqual(expect.arrayContaining(['tv', 'television', 'telly']));
    expect(also('Sony PlayStation 5 Slim')).toEqual(expect.arrayContaining(['ps5', 'playstation5']));
    expect(also('Shark vacuum cleaner')).toEqual(expect.arrayContaining(['hoover', 'vacuum', 'cleaner']));
    expect(also('Apple iPhones 15 Pro')).toEqual(expect.arrayContaining(['iphone15', 'iphones15']));
    expect(also('LG 65 OLED')).toContain('65in');
    expect(also('Oak chopping board')).toEqual([]);
  });

  it('holds the typed words of every group a text matches (the keys a deal must offer)', () => {
    const titles = ['Samsung 55" QLED TV', 'Sony PlayStation 5 Slim', 'Shark Hoover', 'LG 65 inch OLED television', 'Apple iPhone 15', 'Pampers nappy'];
    const queries = [
      'telly',
      'tv',
      'television',
      'ps5',
      'playstation5',
      'playstation 5',
      'vacuum cleaner',
      'vacuum',
      'iphone15',
      '55 inch',
      '65in',
      'diaper',
      '"air fryer"',
    ];
    for (const title of titles) {
      const text = matchTextOf(title);
      const offered = new Set([...text.words, ...text.singulars, ...equivalentWords(text)]);
      for (const q of queries) {
        const parsed = parseSearch(q);
        if (!wordsMatch(parsed, text)) continue;
        for (const g of parsed.groups) {
          // The typed form's words: a prefix form begins an offered word; whole words are offered as they are.
          for (const w of g.forms[0].words)
            expect(
              [...offered].some((o) => o.startsWith(w)),
              `${q} / ${title} / ${w}`,
            ).toBe(true);
        }
      }
    }
  });
});
