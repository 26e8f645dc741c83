import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TRUSTED_POSTER_THRESHOLDS, type TrustedPosterThresholds } from '../shared/domain/members/trusted-poster.js';

/** Runtime contract of ARCHITECTURE §4, parsed once at boot. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(postgres|postgresql):\/\//.test(v) || v.startsWith('sqlite:') || v.endsWith('.db') || v.endsWith('.sqlite'), {
      message: 'must start with postgres:// (PostgreSQL) or name a SQLite file (sqlite:path or *.db)',
    })
    .optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('QuidsIn <no-reply@quidsin.local>'),
  DEMO_DATA: z.enum(['0', '1', 'true', 'false']).optional(),
  AI_BASE_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  SCRAPER_SOURCE_URL: z.url({ message: 'must be an absolute URL' }).default('https://www.hotukdeals.com/rss/new'),
  SCRAPER_CRON: z.string().optional(),
  SAFE_FETCH_ALLOW: z.string().optional(),
  AMAZON_TAG: z.string().max(64).optional(),
  EBAY_CAMPAIGN_ID: z.string().max(64).optional(),
  MONETISATION_SCRIPT_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  // The address the Contact and Privacy pages give; unset, they say none is published.
  CONTACT_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Multiplier for the per-client rate limits; tests and benchmarks raise it. */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  /** Moderators and administrators must turn on two-factor sign-in before any staff route answers them. */
  REQUIRE_STAFF_2FA: z.enum(['0', '1', 'true', 'false']).default('0'),
  /** Many processes (docs/deploy.md): shared rate limits and read-cache generation; unset: in-process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must start with redis:// or rediss://')
    .optional(),
  STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  S3_ENDPOINT: z.url({ message: 'must be an absolute URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  /** GET /metrics answers only requests bearing this token; unset: /metrics is 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** London hour (0-23) at which daily alert digests go out. */
  ALERT_DIGEST_HOUR: z.coerce.number().int('must be a whole hour 0-23').min(0, 'must be a whole hour 0-23').max(23, 'must be a whole hour 0-23').default(8),
  /** Distinct members reporting an active deal as expired that expire it at once (docs/notes/trust.md). */
  REPORTS_TO_EXPIRE: z.coerce.number().int().min(1, 'must be at least 1').max(1000).default(3),
  /** Votes on one deal from one network (IPv4 /24, IPv6 /48) within 24 h; 0 turns the limit off. */
  VOTES_PER_NETWORK: z.coerce.number().int().min(0).max(100_000).default(3),
  /** Key of the network hash kept with each vote (HMAC-SHA256); generated once into DATA_DIR when unset. */
  VOTE_NETWORK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Web push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints them); generated once into DATA_DIR when unset. */
  VAPID_PUBLIC_KEY: z
    .string()
    .refine((v) => isVapidPublicKey(v), 'must be an uncompressed P-256 public key, 65 bytes in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .refine((v) => isVapidPrivateKey(v), 'must be a P-256 private key, 32 bytes in base64url')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: address or an https: URL. */
  VAPID_SUBJECT: z
    .string()
    .refine((v) => isVapidSubject(v), 'must be a mailto: address or an https: URL')
    .optional(),
  /** Trusted posters (docs/notes/posting.md): approved deals, days without a rejection, account age in days. */
  TRUSTED_MIN_APPROVED: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_TRUSTED_POSTER_THRESHOLDS.minApproved),
  TRUSTED_REJECTION_DAYS: z.coerce.number().int().min(0).max(3650).default(DEFAULT_TRUSTED_POSTER_THRESHOLDS.rejectionDays),
  TRUSTED_MIN_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(3650).default(DEFAULT_TRUSTED_POSTER_THRESHOLDS.minAccountDays),
});

const base64url = (v: string) => (/^[A-Za-z0-9_-]+$/.test(v) ? Buffer.from(v, 'base64url') : Buffer.alloc(0));
const isVapidPublicKey = (v: string) => {
  const bytes = base64url(v);
  return bytes.length === 65 && bytes[0] === 4;
};
const isVapidPrivateKey = (v: string) => base64url(v).length === 32;
function isVapidSubject(v: string): boolean {
  try {
    const url = new URL(v);
    return (url.protocol === 'mailto:' && /^[^@\s]+@[^@\s]+$/.test(url.pathname)) || (url.protocol === 'https:' && !!url.hostname);
  } catch {
    return false;
  }
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  sqliteFile: string;
  publicUrl: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  adminPassword: string;
  /** True when ADMIN_PASSWORD was generated on this start (printed once). */
  adminPasswordGenerated: boolean;
  smtpUrl?: string;
  mailFrom: string;
  demoData?: boolean;
  ai: { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number };
  scraper: { sourceUrl: string; cron?: string };
  safeFetchAllow: string[];
  affiliate: { amazonTag?: string; ebayCampaignId?: string };
  monetisationScriptUrl?: string;
  contactEmail?: string;
  logLevel: string;
  rateLimitFactor: number;
  trustProxy: boolean;
  /** REQUIRE_STAFF_2FA: staff routes answer 403 to staff without two-factor sign-in (docs/notes/account-security.md). */
  requireStaffTwoFactor: boolean;
  /** Europe/London hour of the daily alert digest (ALERT_DIGEST_HOUR). */
  alertDigestHour: number;
  /** Member reports, vote-ring defences (docs/notes/trust.md). */
  trust: { reportsToExpire: number; votesPerNetwork: number; networkSecret: string };
  /** Who posts live at once (TRUSTED_*; docs/notes/posting.md). */
  trustedPosters: TrustedPosterThresholds;
  uploadsDir: string;
  outboxDir: string;
  scrapesDir: string;
  /** REDIS_URL: several processes share rate limits and the read cache's generation through it. */
  redisUrl?: string;
  /** Where uploads live: DATA_DIR/uploads (local) or an S3-compatible bucket. */
  storage:
    | { kind: 'local' }
    | { kind: 's3'; endpoint?: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string; publicUrl?: string };
  /** GET /metrics is served only to requests bearing it (Authorization: Bearer <token>). */
  metricsToken?: string;
  /** Web push's VAPID identity (docs/notes/notifications.md "Push"): keys in base64url and the contact subject. */
  vapid: { publicKey: string; privateKey: string; subject: string };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const bool = (v?: string) => (v === undefined ? undefined : v === '1' || v === 'true');

/** A secret generated once and kept in DATA_DIR with mode 600, so restarts keep sessions and the admin password (exported for its test). */
export function persistedSecret(dataDir: string, name: string, make: () => string): { value: string; created: boolean } {
  const file = path.join(dataDir, name);
  const stored = () => ({ value: fs.readFileSync(file, 'utf8').trim(), created: false });
  if (fs.existsSync(file)) return stored();
  const value = make();
  // Several processes may start at once on a fresh DATA_DIR (a cluster): the secret is written whole under another
  // name and linked into place, which only the first process manages; the others read what it wrote. Written in
  // place, a process could read the file empty (half written) or keep a secret of its own that the others do not share.
  return createOnce(file, `${value}\n`) === 'created' ? { value, created: true } : stored();
}

/**
 * Creates `file` with `text` unless it exists ('exists': someone else's is there, whole). The text is written under
 * another name and linked into place, so no reader sees it half written; on a file system without hard links, an
 * exclusive create (still only ever one writer's text).
 */
function createOnce(file: string, text: string): 'created' | 'exists' {
  const exists = (err: unknown) => (err as NodeJS.ErrnoException).code === 'EEXIST';
  const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, text, { mode: 0o600 });
  let linked: unknown;
  try {
    fs.linkSync(draft, file);
    return 'created';
  } catch (err) {
    linked = err;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  if (exists(linked)) return 'exists';
  try {
    fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
    return 'created';
  } catch (err) {
    if (exists(err)) return 'exists';
    throw err;
  }
}

export function generatePassword(): string {
  // Meets the spec's strength rule: upper, lower, digit; no backslash.
  return `Qi-${crypto.randomBytes(12).toString('base64url')}-7a`;
}

/** A P-256 key pair for VAPID, base64url (the raw public point, 65 bytes, and the 32-byte private scalar). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const priv = ecdh.getPrivateKey();
  // The scalar may come back shorter than 32 bytes when it starts with zeros; VAPID wants exactly 32.
  const padded = Buffer.concat([Buffer.alloc(32 - priv.length), priv]);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: padded.toString('base64url') };
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY come together or not at all (then a pair is made once and kept in DATA_DIR,
 * like the JWT secret, so subscriptions survive restarts). The subject defaults to the contact address, else the site's
 * https URL, else MAIL_FROM's address.
 */
function vapidConfig(e: z.infer<typeof envSchema>, dataDir: string, publicUrl: string): Config['vapid'] {
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    throw new ConfigError([`${e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: is required when the other VAPID key is set`]);
  }
  let keys: { publicKey: string; privateKey: string };
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) keys = { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
  else {
    const stored = persistedSecret(dataDir, 'vapid-keys', () => {
      const made = generateVapidKeys();
      return `${made.publicKey}.${made.privateKey}`;
    }).value;
    const [publicKey, privateKey] = stored.split('.');
    if (!publicKey || !privateKey || !isVapidPublicKey(publicKey) || !isVapidPrivateKey(privateKey)) {
      throw new ConfigError([
        `${path.join(dataDir, 'vapid-keys')}: is not a VAPID key pair (remove it to make a new one; devices must then turn push on again)`,
      ]);
    }
    keys = { publicKey, privateKey };
  }
  const mailFrom = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim();
  const subject = e.VAPID_SUBJECT ?? (e.CONTACT_EMAIL ? `mailto:${e.CONTACT_EMAIL}` : publicUrl.startsWith('https://') ? publicUrl : `mailto:${mailFrom}`);
  return { ...keys, subject };
}

/** Where uploads live. STORAGE=s3 needs its bucket and both keys, which the schema alone cannot require. */
function storageConfig(e: z.infer<typeof envSchema>): Config['storage'] {
  if (e.STORAGE !== 's3') return { kind: 'local' };
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!bucket || !accessKeyId || !secretAccessKey) {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
    throw new ConfigError(missing.map((k) => `${k}: is required when STORAGE=s3`));
  }
  return { kind: 's3', endpoint: e.S3_ENDPOINT, region: e.S3_REGION, bucket, accessKeyId, secretAccessKey, publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, '') };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const storage = storageConfig(e);
  const dataDir = path.resolve(e.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  const uploadsDir = path.join(dataDir, 'uploads');
  const outboxDir = path.join(dataDir, 'outbox');
  const scrapesDir = path.join(dataDir, 'scrapes');
  for (const dir of [uploadsDir, outboxDir, scrapesDir]) fs.mkdirSync(dir, { recursive: true });

  const isPostgres = !!e.DATABASE_URL && /^(postgres|postgresql):\/\//.test(e.DATABASE_URL);
  const sqliteFile = e.DATABASE_URL && !isPostgres ? path.resolve(e.DATABASE_URL.replace(/^sqlite:/, '')) : path.join(dataDir, 'quidsin.db');

  const jwtSecret = e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret', () => crypto.randomBytes(48).toString('base64url')).value;
  const networkSecret = e.VOTE_NETWORK_SECRET ?? persistedSecret(dataDir, 'vote-network-secret', () => crypto.randomBytes(48).toString('base64url')).value;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const vapid = vapidConfig(e, dataDir, publicUrl);
  const admin = e.ADMIN_PASSWORD ? { value: e.ADMIN_PASSWORD, created: false } : persistedSecret(dataDir, 'admin-password', generatePassword);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: isPostgres ? e.DATABASE_URL : undefined,
    sqliteFile,
    publicUrl,
    jwtSecret,
    jwtTtlSeconds: Math.round(e.JWT_TTL_HOURS * 3600),
    adminPassword: admin.value,
    adminPasswordGenerated: admin.created,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoData: bool(e.DEMO_DATA),
    ai: { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    scraper: { sourceUrl: e.SCRAPER_SOURCE_URL, cron: e.SCRAPER_CRON },
    safeFetchAllow: (e.SAFE_FETCH_ALLOW ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    affiliate: { amazonTag: e.AMAZON_TAG, ebayCampaignId: e.EBAY_CAMPAIGN_ID },
    monetisationScriptUrl: e.MONETISATION_SCRIPT_URL,
    contactEmail: e.CONTACT_EMAIL,
    logLevel: e.LOG_LEVEL,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    trustProxy: bool(e.TRUST_PROXY) ?? false,
    requireStaffTwoFactor: bool(e.REQUIRE_STAFF_2FA) ?? false,
    alertDigestHour: e.ALERT_DIGEST_HOUR,
    trust: { reportsToExpire: e.REPORTS_TO_EXPIRE, votesPerNetwork: e.VOTES_PER_NETWORK, networkSecret },
    trustedPosters: { minApproved: e.TRUSTED_MIN_APPROVED, rejectionDays: e.TRUSTED_REJECTION_DAYS, minAccountDays: e.TRUSTED_MIN_ACCOUNT_DAYS },
    uploadsDir,
    outboxDir,
    scrapesDir,
    redisUrl: e.REDIS_URL,
    storage,
    metricsToken: e.METRICS_TOKEN,
    vapid,
  };
}
