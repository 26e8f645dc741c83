import { describe, expect, it } from 'vitest';
import { initialSlugEdited, nextSlug } from './slug-autofill';

describe('slug auto-fill', () => {
  it('follows the name while the slug was not edited by hand', () => {
    expect(nextSlug('Home & Garden', 'whatever', false)).toBe('home-garden');
  });

  it('keeps a hand-edited slug', () => {
    expect(nextSlug('Home & Garden', 'garden', true)).toBe('garden');
  });

  it('treats an existing custom slug as hand-edited and a derived one as not', () => {
    expect(initialSlugEdited('Gaming', 'video-games')).toBe(true);
    expect(initialSlugEdited('Home & Garden', 'home-garden')).toBe(false);
    expect(initialSlugEdited('', '')).toBe(false);
  });
});
