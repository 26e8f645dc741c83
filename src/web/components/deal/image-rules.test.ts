import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../shared/api';
import { visibleImageSrc } from './image-rules';

const user = (id: number, role: PublicUser['role'] = 'user') => ({ id, role, username: `u${id}` }) as PublicUser;
const deal = (imageUrl: string | null, status: 'active' | 'pending' = 'active', userId = 7) => ({ imageUrl, thumbnailUrl: null, status, userId });

describe('deal image rules (SPEC §2)', () => {
  it('shows an external image only in the admin view', () => {
    const d = deal('https://cdn.example.com/a.jpg');
    expect(visibleImageSrc(d, { user: user(1, 'admin') })).toBeNull();
    expect(visibleImageSrc(d, { user: null })).toBeNull();
    expect(visibleImageSrc(d, { user: user(1, 'admin'), adminView: true })).toBe('https://cdn.example.com/a.jpg');
  });
  it('shows a local image of an active deal to everyone', () => {
    expect(visibleImageSrc(deal('/uploads/deals/a.webp'), { user: null })).toBe('/uploads/deals/a.webp');
  });
  it("shows a pending deal's local image only to its owner or an admin", () => {
    const d = deal('/uploads/deals/a.webp', 'pending', 7);
    expect(visibleImageSrc(d, { user: null })).toBeNull();
    expect(visibleImageSrc(d, { user: user(8) })).toBeNull();
    expect(visibleImageSrc(d, { user: user(8, 'moderator') })).toBeNull();
    expect(visibleImageSrc(d, { user: user(7) })).toBe('/uploads/deals/a.webp');
    expect(visibleImageSrc(d, { user: user(2, 'admin') })).toBe('/uploads/deals/a.webp');
  });
  it('prefers the thumbnail when asked and gives a placeholder for missing or odd values', () => {
    expect(visibleImageSrc({ ...deal('/uploads/a.webp'), thumbnailUrl: '/uploads/a-thumb.webp' }, { user: null }, 'thumbnail')).toBe('/uploads/a-thumb.webp');
    expect(visibleImageSrc(deal(null), { user: null })).toBeNull();
    expect(visibleImageSrc(deal('javascript:alert(1)'), { user: null, adminView: true })).toBeNull();
  });
});
