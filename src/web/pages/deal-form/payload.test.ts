import { describe, expect, it } from 'vitest';
import { dealImageProblem } from './fields/image-check';
import { fromLocalInput, toDealPayload, toLocalInput } from './payload';

const values = {
  title: ' Cheap TV ',
  description: 'Big screen',
  dealUrl: 'https://shop.example.co.uk/tv',
  price: 199.99,
  originalPrice: 299,
  categoryId: 1,
  storeId: 2,
  coupon: ' ',
  hasExpiry: false,
  expiresAt: '2099-01-02T10:30',
};
const image = { imageUrl: '/uploads/deals/a.webp', thumbnailUrl: '/uploads/deals/a-thumb.webp' };

describe('deal payload', () => {
  it('is snake_case, trims, drops an empty coupon and sends no expiry while the toggle is off', () => {
    expect(toDealPayload(values, image)).toEqual({
      title: 'Cheap TV',
      description: 'Big screen',
      url: 'https://shop.example.co.uk/tv',
      image_url: '/uploads/deals/a.webp',
      thumbnail_url: '/uploads/deals/a-thumb.webp',
      price: 199.99,
      original_price: 299,
      category_id: 1,
      store_id: 2,
      coupon: null,
      expires_at: null,
    });
  });
  it('sends the expiry as ISO UTC when the toggle is on, and an unchanged stored expiry exactly', () => {
    expect(toDealPayload({ ...values, hasExpiry: true }, image).expires_at).toBe(new Date('2099-01-02T10:30').toISOString());
    const iso = '2020-05-05T08:09:10.123Z';
    const local = toLocalInput(iso);
    expect(toDealPayload({ ...values, hasExpiry: true, expiresAt: local }, image, { local, iso }).expires_at).toBe(iso);
  });
  it('round-trips datetime-local values', () => {
    expect(toLocalInput(fromLocalInput('2030-12-31T23:59') ?? '')).toBe('2030-12-31T23:59');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput('nonsense')).toBe('');
  });
});

describe('deal image checks', () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });
  it('uses the messages of SPEC §5', () => {
    expect(dealImageProblem(null, true)).toBe('Please upload an image for the deal');
    expect(dealImageProblem(null, false)).toBeNull();
    expect(dealImageProblem(file('application/pdf', 10), true)).toBe('Selected file must be an image');
    expect(dealImageProblem(file('image/png', 2 * 1024 * 1024 + 1), true)).toBe('Image size must be less than 2MB');
    expect(dealImageProblem(file('image/png', 2 * 1024 * 1024), true)).toBeNull();
  });
});
