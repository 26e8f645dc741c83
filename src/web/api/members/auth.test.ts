import { describe, expect, it } from 'vitest';
import { returnPath } from './auth';

describe('returnPath', () => {
  it('returns to an in-app page, query included', () => {
    expect(returnPath('/user/deals')).toBe('/user/deals');
    expect(returnPath('/dealsBrowse?search=lego&page=2')).toBe('/dealsBrowse?search=lego&page=2');
  });
  it('goes home for auth pages, other origins and junk', () => {
    expect(returnPath('/login')).toBe('/');
    expect(returnPath('/register?x=1')).toBe('/');
    expect(returnPath('/verify-email?token=abc')).toBe('/');
    expect(returnPath('//evil.example/path')).toBe('/');
    expect(returnPath('https://evil.example/')).toBe('/');
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath(42)).toBe('/');
  });
});
