import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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

  it('switches to PostgreSQL on a postgres:// URL', () => {
    const c = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(c.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  it('makes the server exit 1 with a readable list on bad configuration', () => {
    const res = spawnSync('npx', ['tsx', 'src/server/main.ts'], { env: { ...process.env, DATA_DIR: tmp(), PORT: 'nope' }, encoding: 'utf8', timeout: 60_000 });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Invalid configuration');
    expect(res.stderr).toContain('PORT');
  });
});
