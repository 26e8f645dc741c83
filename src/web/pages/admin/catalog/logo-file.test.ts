import { describe, expect, it } from 'vitest';
import { logoFileError } from './logo-file';

describe('store logo checks', () => {
  it('accepts an image up to 1 MB', () => {
    expect(logoFileError({ type: 'image/png', size: 1024 * 1024 })).toBeNull();
  });
  it('refuses a larger image', () => {
    expect(logoFileError({ type: 'image/jpeg', size: 1024 * 1024 + 1 })).toBe('Logo file size must be less than 1MB.');
  });
  it('refuses anything that is not an image', () => {
    expect(logoFileError({ type: 'application/pdf', size: 10 })).toBe('Only image files are allowed.');
  });
});
