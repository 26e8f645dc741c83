import { describe, expect, it } from 'vitest';
import { parseSearch, type SearchForm } from './query.js';
import { SYNONYM_CLASSES, synonymPairs } from './synonyms.js';

const formsOf = (q: string): string[] => parseSearch(q).groups.flatMap((g) => g.forms.map((f: SearchForm) => f.words.join(' ')));

describe('UK synonyms and spellings', () => {
  it('has at least 40 pairs, every form in one class only', () => {
    expect(synonymPairs().length).toBeGreaterThanOrEqual(40);
    const forms = SYNONYM_CLASSES.flat();
    expect(new Set(forms).size).toBe(forms.length);
  });

  it.each(synonymPairs())('%s and %s find each other', (a, b) => {
    const [ga] = parseSearch(a).groups;
    const [gb] = parseSearch(b).groups;
    // One group each (a phrase of the list is one group, not its words)...
    expect(parseSearch(a).groups).toHaveLength(1);
    expect(parseSearch(b).groups).toHaveLength(1);
    // ...holding the other form.
    expect(ga.forms.map((f) => f.words.join(' '))).toContain(b);
    expect(gb.forms.map((f) => f.words.join(' '))).toContain(a);
  });

  it('applies to the search only: the typed words stay first and as typed', () => {
    const [g] = parseSearch('Telly').groups;
    expect(g.typed).toBe('telly');
    expect(g.forms[0]).toEqual({ words: ['telly'], prefix: true });
    expect(formsOf('telly')).toEqual(['telly', 'tv', 'television']);
  });
});
