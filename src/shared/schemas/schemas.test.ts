import { describe, expect, it } from 'vitest';
import { adminDealEditSchema } from './admin/admin-deals.js';
import { loginSchema, registerSchema } from './members/auth.js';
import { categoryInputSchema } from './catalog/categories.js';
import { commentCreateSchema } from './deals/comments.js';
import { dealCreateSchema, dealFormSchema, dealListQuerySchema } from './deals/deals.js';
import { storeInputSchema } from './catalog/stores.js';
import { PASSWORD_STRENGTH_MESSAGE, profileFormSchema } from './members/users.js';

/** The message a schema gives for `field`, or undefined when that field is valid. */
function messageFor(schema: { safeParse: (v: unknown) => any }, value: unknown, field: string): string | undefined {
  const res = schema.safeParse(value);
  if (res.success) return undefined;
  return res.error.issues.find((i: any) => i.path.join('.') === field)?.message;
}

const validRegister = { username: 'bargain_fan', email: 'fan@example.com', password: 'Sup3rSecret', confirmPassword: 'Sup3rSecret', termsAccepted: true };

describe('register schema (SPEC §5 Register)', () => {
  it.each([
    [{ username: '' }, 'username', 'Username is required'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(21) }, 'username', 'Username must be at most 20 characters'],
    [{ username: 'bad name!' }, 'username', 'Username can only contain letters, numbers, underscores, and hyphens'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ password: 'Short1', confirmPassword: 'Short1' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'alllowercase1', confirmPassword: 'alllowercase1' }, 'password', PASSWORD_STRENGTH_MESSAGE],
    [{ password: 'NoDigitsHere', confirmPassword: 'NoDigitsHere' }, 'password', PASSWORD_STRENGTH_MESSAGE],
    [{ password: 'Back\\slash1A', confirmPassword: 'Back\\slash1A' }, 'password', PASSWORD_STRENGTH_MESSAGE],
    [{ confirmPassword: '' }, 'confirmPassword', 'Confirm password is required'],
    [{ confirmPassword: 'Different1A' }, 'confirmPassword', 'Passwords must match'],
    [{ termsAccepted: false }, 'termsAccepted', 'You must accept the Terms of Service and Privacy Policy'],
  ])('%o -> %s: %s', (patch, field, message) => {
    expect(messageFor(registerSchema, { ...validRegister, ...patch }, field)).toBe(message);
  });

  it('accepts a valid registration, special characters allowed in the password', () => {
    expect(registerSchema.safeParse({ ...validRegister, password: 'P@ss-w0rd!', confirmPassword: 'P@ss-w0rd!' }).success).toBe(true);
    expect(registerSchema.safeParse({ ...validRegister, username: 'a-b_C9' }).success).toBe(true);
  });
});

describe('login schema (SPEC §5 Login)', () => {
  it('requires the credential and the password', () => {
    expect(messageFor(loginSchema, { credential: '', password: 'x' }, 'credential')).toBe('Username or Email is required');
    expect(messageFor(loginSchema, { credential: 'me', password: '' }, 'password')).toBe('Password is required');
    expect(loginSchema.safeParse({ credential: 'me', password: 'x' }).success).toBe(true);
  });
});

describe('profile form schema (SPEC §5 Profile)', () => {
  const base = { username: 'bargain_fan', email: 'fan@example.com', bio: '' };
  it('needs the current password only when changing it', () => {
    expect(profileFormSchema.safeParse(base).success).toBe(true);
    expect(messageFor(profileFormSchema, { ...base, newPassword: 'N3wPassword', confirmNewPassword: 'N3wPassword' }, 'currentPassword')).toBe(
      'Current password is required when changing password',
    );
    expect(messageFor(profileFormSchema, { ...base, currentPassword: 'x', newPassword: 'weak', confirmNewPassword: 'weak' }, 'newPassword')).toBe(
      'Password must be at least 8 characters',
    );
    expect(
      messageFor(profileFormSchema, { ...base, currentPassword: 'x', newPassword: 'N3wPassword', confirmNewPassword: 'other' }, 'confirmNewPassword'),
    ).toBe('Passwords must match');
  });
  it('limits the bio to 500 characters', () => {
    expect(messageFor(profileFormSchema, { ...base, bio: 'x'.repeat(501) }, 'bio')).toBe('Bio must be at most 500 characters');
    expect(profileFormSchema.safeParse({ ...base, bio: 'x'.repeat(500) }).success).toBe(true);
  });
});

const future = new Date(Date.now() + 86_400_000).toISOString();
const validForm = {
  title: 'Sony WH-1000XM5 headphones',
  description: 'Great noise cancelling',
  dealUrl: 'https://www.amazon.co.uk/dp/B09XS7JWHH',
  price: 249.99,
  originalPrice: 379,
  categoryId: 1,
  storeId: 42,
  coupon: '',
  hasExpiry: false,
  expiresAt: '',
};

describe('deal form schema (SPEC §5 Deal form)', () => {
  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: 'x'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
    [{ dealUrl: '' }, 'dealUrl', 'Deal URL is required'],
    [{ dealUrl: 'not a url' }, 'dealUrl', 'Must be a valid URL'],
    [{ dealUrl: 'javascript:alert(1)' }, 'dealUrl', 'Must be a valid URL'],
    [{ price: '' }, 'price', 'Price is required'],
    [{ price: -1 }, 'price', 'Price must be positive'],
    [{ originalPrice: '' }, 'originalPrice', 'Original price is required'],
    [{ originalPrice: -5 }, 'originalPrice', 'Original price must be positive'],
    [{ categoryId: 0 }, 'categoryId', 'Please select a category'],
    [{ storeId: 0 }, 'storeId', 'Please select a store'],
    [{ coupon: 'x'.repeat(51) }, 'coupon', 'Coupon code must be at most 50 characters'],
    [{ hasExpiry: true, expiresAt: '2001-01-01T00:00' }, 'expiresAt', 'Expiration date must be in the future'],
  ])('%o -> %s: %s', (patch, field, message) => {
    expect(messageFor(dealFormSchema, { ...validForm, ...patch }, field)).toBe(message);
  });
  it('accepts a valid deal, with and without a future expiry, price 0 for freebies', () => {
    expect(dealFormSchema.safeParse(validForm).success).toBe(true);
    expect(dealFormSchema.safeParse({ ...validForm, hasExpiry: true, expiresAt: future }).success).toBe(true);
    expect(dealFormSchema.safeParse({ ...validForm, price: 0 }).success).toBe(true);
  });
});

describe('deal creation payload (SPEC §3 snake_case)', () => {
  const payload = {
    title: 'T',
    description: 'D',
    url: 'https://example.com',
    image_url: '/uploads/deals/a.webp',
    price: 1,
    original_price: 2,
    category_id: 1,
    store_id: 1,
  };
  it('accepts the payload and refuses external or traversal image paths', () => {
    expect(dealCreateSchema.safeParse(payload).success).toBe(true);
    expect(messageFor(dealCreateSchema, { ...payload, image_url: 'https://evil.example/x.png' }, 'image_url')).toBe('Please upload an image for the deal');
    expect(dealCreateSchema.safeParse({ ...payload, image_url: '/uploads/../data/secret' }).success).toBe(false);
    expect(messageFor(dealCreateSchema, { ...payload, expires_at: '2001-01-01T00:00:00Z' }, 'expires_at')).toBe('Expiration date must be in the future');
  });
});

describe('admin deal edit schema (SPEC §5 Admin deal edit form)', () => {
  const form = {
    title: 'T',
    description: '',
    price: 1,
    originalPrice: '',
    url: 'https://example.com',
    status: 'active',
    storeId: 1,
    categoryId: 1,
    coupon: '',
    imageUrl: '/uploads/deals/x.webp',
  };
  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ price: -1 }, 'price', 'Price must be positive'],
    [{ originalPrice: -1 }, 'originalPrice', 'Original price must be positive'],
    [{ url: 'nope' }, 'url', 'Must be a valid URL'],
    [{ storeId: 0 }, 'storeId', 'Store is required'],
    [{ categoryId: 0 }, 'categoryId', 'Category is required'],
    [{ imageUrl: '' }, 'imageUrl', 'Image URL is required'],
    [{ imageUrl: 'ftp://x/y.png' }, 'imageUrl', 'Image URL must be a valid URL or a valid uploads path'],
  ])('%o -> %s: %s', (patch, field, message) => {
    expect(messageFor(adminDealEditSchema, { ...form, ...patch }, field)).toBe(message);
  });
  it('allows an empty original price (null) and external image URLs', () => {
    const res = adminDealEditSchema.safeParse({ ...form, imageUrl: 'https://cdn.example.com/a.jpg' });
    expect(res.success).toBe(true);
    expect(res.data?.originalPrice).toBeNull();
  });
});

describe('comments, categories, stores, browse query', () => {
  it('refuses empty comments after trimming', () => {
    expect(messageFor(commentCreateSchema, { dealId: 1, text: '   ' }, 'text')).toBe('Comment cannot be empty');
    expect(commentCreateSchema.parse({ dealId: '7', text: '  hi  ' })).toEqual({ dealId: 7, text: 'hi' });
  });
  it('checks category slugs and names', () => {
    expect(categoryInputSchema.safeParse({ name: 'Gaming', slug: 'gaming' }).success).toBe(true);
    expect(categoryInputSchema.safeParse({ name: 'Gaming', slug: 'Gaming Stuff' }).success).toBe(false);
    expect(categoryInputSchema.safeParse({ name: 'x'.repeat(51), slug: 'x' }).success).toBe(false);
  });
  it('allows a store without a URL and refuses a bad one', () => {
    expect(storeInputSchema.parse({ name: 'Argos', url: '' })).toEqual({ name: 'Argos', url: null });
    expect(storeInputSchema.safeParse({ name: 'Argos', url: 'argos' }).success).toBe(false);
  });
  it('defaults the browse query and parses combined deal types', () => {
    expect(dealListQuerySchema.parse({})).toMatchObject({ status: 'active', sort: 'newest', page: 1, pageSize: 30, dealType: [] });
    expect(dealListQuerySchema.parse({ dealType: 'hot,free' }).dealType).toEqual(['hot', 'free']);
    expect(dealListQuerySchema.parse({ pageSize: 500 }).pageSize).toBe(100); // capped (docs/notes/deals-api.md), not refused
    expect(dealListQuerySchema.safeParse({ sort: 'bogus' }).success).toBe(false);
  });
});
