// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addRecentSearch, clearRecentSearches, MAX_RECENT, RECENT_SEARCHES_KEY, readRecentSearches, recentFor, removeRecentSearch } from './recent-searches';

afterEach(() => localStorage.clear());

describe('recent searches on this device', () => {
  it('keeps them newest first, once each whatever the case or spacing, at most MAX_RECENT', () => {
    addRecentSearch('air fryer');
    addRecentSearch('  Samsung   TV ');
    expect(addRecentSearch('AIR FRYER')).toEqual(['AIR FRYER', 'Samsung TV']);
    for (let i = 0; i < 10; i++) addRecentSearch(`search ${i}`);
    const list = readRecentSearches();
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0]).toBe('search 9');
    expect(list).not.toContain('AIR FRYER');
  });

  it('ignores empty and over-long texts', () => {
    expect(addRecentSearch('   ')).toEqual([]);
    expect(addRecentSearch('x'.repeat(201))).toEqual([]);
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('removes one (any case) and clears them all', () => {
    addRecentSearch('kettle');
    addRecentSearch('lego');
    expect(removeRecentSearch('KETTLE')).toEqual(['lego']);
    expect(clearRecentSearches()).toEqual([]);
    expect(localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('reads anything else in storage, or a storage that throws, as none', () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, '{"not":"a list"}');
    expect(readRecentSearches()).toEqual([]);
    localStorage.setItem(RECENT_SEARCHES_KEY, '[1, "ok", null, ""]');
    expect(readRecentSearches()).toEqual(['ok']);
    localStorage.setItem(RECENT_SEARCHES_KEY, 'not json');
    expect(readRecentSearches()).toEqual([]);
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(addRecentSearch('still fine')).toEqual(['still fine']);
    spy.mockRestore();
  });

  it('offers all of them for an empty box, else those holding the text (not the text itself)', () => {
    const list = ['samsung tv', 'air fryer', 'Samsung Galaxy'];
    expect(recentFor(list, '')).toEqual(list);
    expect(recentFor(list, 'sams')).toEqual(['samsung tv', 'Samsung Galaxy']);
    expect(recentFor(list, 'Samsung TV')).toEqual([]);
  });
});
