import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Deal } from '../../src/shared/schemas/deals/deals.js';

/**
 * Test data made through the real API (plain fetch, so a script can reuse it outside Playwright): members registered
 * and verified through the outbox mail, deals posted with uploaded images and, when needed, activated by an admin.
 */
export interface Member {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
}

export const MEMBER_PASSWORD = 'Member-Passw0rd';

export async function call<T = any>(base: string, method: string, url: string, opts: { token?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${base}/api${url}`, { method, headers, body });
  const json = (await res.json().catch(() => null)) as { success?: boolean; data?: T; error?: string } | null;
  if (!res.ok || !json?.success) throw new Error(`${method} ${url} -> ${res.status} ${json?.error ?? ''}`);
  return json.data as T;
}

export async function login(
  base: string,
  credential: string,
  password: string,
): Promise<{ token: string; user: { id: number; username: string; email: string } }> {
  return call(base, 'POST', '/auth/login', { body: { credential, password } });
}

/** The newest verification link for `email` in DATA_DIR/outbox. */
async function verificationToken(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const f of files) {
      const raw = fs.readFileSync(path.join(outbox, f), 'utf8');
      if (!raw.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(text);
      if (match) return match[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No verification mail for ${email}`);
}

/** A verified member with a fresh token. Usernames get a random suffix so runs never collide. */
export async function createMember(base: string, dataDir: string, prefix: string): Promise<Member> {
  const username = `${prefix}${Math.random().toString(36).slice(2, 8)}`.slice(0, 20);
  const email = `${username}@example.test`;
  await call(base, 'POST', '/auth/register', { body: { username, email, password: MEMBER_PASSWORD, termsAccepted: true } });
  const token = await verificationToken(dataDir, email);
  await call(base, 'GET', `/auth/verify-email?token=${token}`);
  const session = await login(base, username, MEMBER_PASSWORD);
  return { id: session.user.id, username, email, password: MEMBER_PASSWORD, token: session.token };
}

/** A small real PNG (a coloured square with a darker band), different per colour. */
export async function pngBuffer(rgb: [number, number, number] = [16, 185, 129], size = 64): Promise<Buffer> {
  const band = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="rgb(${rgb.join(',')})"/><rect y="${size * 0.6}" width="${size}" height="${size * 0.2}" fill="rgba(0,0,0,0.25)"/></svg>`,
  );
  return sharp(band).png().toBuffer();
}

export async function uploadImage(base: string, token: string, png: Buffer): Promise<{ imageUrl: string; thumbnailUrl: string }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'deal.png');
  return call(base, 'POST', '/deals/upload-image', { token, form });
}

export interface DealSeed {
  title: string;
  description?: string;
  url?: string;
  price: number;
  originalPrice: number;
  categoryId?: number;
  storeId?: number;
  coupon?: string | null;
  expiresAt?: string | null;
  /** Only honoured for an admin poster; members' deals start pending. */
  status?: 'active' | 'pending' | 'expired';
  colour?: [number, number, number];
}

export async function postDeal(base: string, token: string, seed: DealSeed): Promise<Deal> {
  const image = await uploadImage(base, token, await pngBuffer(seed.colour));
  return call<Deal>(base, 'POST', '/deals', {
    token,
    body: {
      title: seed.title,
      description: seed.description ?? `${seed.title}. A proper bargain spotted by the community.\nFree delivery over £20.\nWhile stocks last.`,
      // Each seeded deal is its own product: a repeat of an active deal's product is refused with 409 (docs/notes/products.md).
      url: seed.url ?? `https://www.example.co.uk/product/${crypto.randomUUID()}`,
      image_url: image.imageUrl,
      thumbnail_url: image.thumbnailUrl,
      price: seed.price,
      original_price: seed.originalPrice,
      category_id: seed.categoryId ?? 1,
      store_id: seed.storeId ?? 1,
      coupon: seed.coupon ?? null,
      expires_at: seed.expiresAt ?? null,
      ...(seed.status ? { status: seed.status } : {}),
    },
  });
}

export async function vote(base: string, token: string, dealId: number, voteType: 1 | -1) {
  return call(base, 'POST', '/votes', { token, body: { dealId, voteType } });
}
