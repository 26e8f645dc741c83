import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, generateVapidKeys, loadConfig, persistedSecret } from './config.js';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-config-'));

describe('config', () => {
  it('lists every bad value at once', () => {
    try {
      loadConfig({ DATA_DIR: tmp(), PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/SMTP_URL/);
    }
  });

  it('generates the admin password and JWT secret once, mode 600, and keeps them', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.adminPasswordGenerated).toBe(true);
    const stat = fs.statSync(path.join(dir, 'admin-password'));
    expect(stat.mode & 0o777).toBe(0o600);
    const b = loadConfig({ DATA_DIR: dir });
    expect(b.adminPasswordGenerated).toBe(false);
    expect(b.adminPassword).toBe(a.adminPassword);
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(a.sqliteFile).toBe(path.join(dir, 'quidsin.db'));
  });

  it('reads the scale-out settings and says what STORAGE=s3 still needs', () => {
    const plain = loadConfig({ DATA_DIR: tmp() });
    expect(plain.storage).toEqual({ kind: 'local' });
    expect(plain.redisUrl).toBeUndefined();
    expect(plain.metricsToken).toBeUndefined();
    try {
      loadConfig({ DATA_DIR: tmp(), STORAGE: 's3', S3_BUCKET: 'quidsin-uploads' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).problems).toEqual(['S3_ACCESS_KEY_ID: is required when STORAGE=s3', 'S3_SECRET_ACCESS_KEY: is required when STORAGE=s3']);
    }
    try {
      loadConfig({ DATA_DIR: tmp(), REDIS_URL: 'localhost:6379', STORAGE: 'gcs', METRICS_TOKEN: 'short' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/REDIS_URL: must start with redis:\/\/ or rediss:\/\//);
      expect(problems).toMatch(/STORAGE: must be local or s3/);
      expect(problems).toMatch(/METRICS_TOKEN: must be at least 16 characters/);
    }
    const scaled = loadConfig({
      DATA_DIR: tmp(),
      REDIS_URL: 'redis://:secret@redis.internal:6379',
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'quidsin-uploads',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.test/uploads/',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
    });
    expect(scaled.redisUrl).toBe('redis://:secret@redis.internal:6379');
    expect(scaled.storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'quidsin-uploads',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      publicUrl: 'https://cdn.example.test/uploads',
    });
    expect(scaled.metricsToken).toBe('a-long-enough-metrics-token');
  });

  it('makes a VAPID key pair once into DATA_DIR (mode 600) unless both keys are given, and checks keys and subject', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(a.vapid.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(a.vapid.privateKey, 'base64url')).toHaveLength(32);
    expect(a.vapid.subject).toBe('mailto:no-reply@quidsin.local');
    expect(fs.statSync(path.join(dir, 'vapid-keys')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(a.vapid);

    const keys = generateVapidKeys();
    const given = loadConfig({
      DATA_DIR: tmp(),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://quidsin.example',
    });
    expect(given.vapid).toEqual({ ...keys, subject: 'https://quidsin.example' });
    expect(loadConfig({ DATA_DIR: tmp(), CONTACT_EMAIL: 'team@quidsin.example' }).vapid.subject).toBe('mailto:team@quidsin.example');

    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tmp(), ...env });
        return '';
      } catch (err) {
        return (err as ConfigError).problems.join('\n');
      }
    };
    expect(problems({ VAPID_SUBJECT: 'http://quidsin.example' })).toMatch(/VAPID_SUBJECT: must be a mailto: address or an https: URL/);
    expect(problems({ VAPID_SUBJECT: 'mailto:nobody' })).toMatch(/VAPID_SUBJECT/);
    expect(problems({ VAPID_PUBLIC_KEY: keys.publicKey })).toMatch(/VAPID_PRIVATE_KEY: is required when the other VAPID key is set/);
    expect(problems({ VAPID_PUBLIC_KEY: keys.privateKey, VAPID_PRIVATE_KEY: keys.privateKey })).toMatch(/VAPID_PUBLIC_KEY: must be an uncompressed P-256/);
    expect(problems({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: 'short' })).toMatch(/VAPID_PRIVATE_KEY: must be a P-256 private key/);
  });

  it('switches to PostgreSQL on a postgres:// URL', () => {
    const c = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(c.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('keeps one secret when processes start at once on a fresh DATA_DIR: the first written, whole, for all', () => {
    const dir = tmp();
    const first = persistedSecret(dir, 'jwt-secret', () => {
      // Another process starts at the same moment and finishes first.
      expect(persistedSecret(dir, 'jwt-secret', () => 'theirs')).toEqual({ value: 'theirs', created: true });
      return 'mine';
    });
    expect(first).toEqual({ value: 'theirs', created: false });
    expect(fs.readdirSync(dir)).toEqual(['jwt-secret']);
    expect(fs.readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe('theirs\n');
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('makes the server exit 1 with a readable list on bad configuration', () => {
    const res = spawnSync('npx', ['tsx', 'src/server/main.ts'], { env: { ...process.env, DATA_DIR: tmp(), PORT: 'nope' }, encoding: 'utf8', timeout: 60_000 });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Invalid configuration');
    expect(res.stderr).toContain('PORT');
  });
});
