import { describe, expect, it } from 'vitest';
import { type ImageViewer, visibleImageSrc, VISITOR } from './deal-image.js';

const member = (userId: number): ImageViewer => ({ userId, isAdmin: false });
const admin = (userId: number, adminView = false): ImageViewer => ({ userId, isAdmin: true, adminView });
const deal = (imageUrl: string | null, status: 'active' | 'pending' = 'active', userId = 7) => ({ imageUrl, thumbnailUrl: null, status, userId });

describe('deal image rules (SPEC §2)', () => {
  it('shows an external image only in the admin view', () => {
    const d = deal('https://cdn.example.com/a.jpg');
    expect(visibleImageSrc(d, admin(1))).toBeNull();
    expect(visibleImageSrc(d, VISITOR)).toBeNull();
    expect(visibleImageSrc(d, admin(1, true))).toBe('https://cdn.example.com/a.jpg');
  });
  it('shows a local image of an active deal to everyone', () => {
    expect(visibleImageSrc(deal('/uploads/deals/a.webp'), VISITOR)).toBe('/uploads/deals/a.webp');
  });
  it("shows a pending deal's local image only to its owner or an admin", () => {
    const d = deal('/uploads/deals/a.webp', 'pending', 7);
    expect(visibleImageSrc(d, VISITOR)).toBeNull();
    expect(visibleImageSrc(d, member(8))).toBeNull();
    expect(visibleImageSrc(d, member(7))).toBe('/uploads/deals/a.webp');
    expect(visibleImageSrc(d, admin(2))).toBe('/uploads/deals/a.webp');
  });
  it('prefers the thumbnail when asked and gives a placeholder for missing or odd values', () => {
    expect(visibleImageSrc({ ...deal('/uploads/a.webp'), thumbnailUrl: '/uploads/a-thumb.webp' }, VISITOR, 'thumbnail')).toBe('/uploads/a-thumb.webp');
    expect(visibleImageSrc(deal(null), VISITOR)).toBeNull();
    expect(visibleImageSrc(deal('javascript:alert(1)'), admin(1, true))).toBeNull();
  });
});
