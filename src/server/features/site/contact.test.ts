import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createHarness, type Harness } from '../../test/harness.js';

/** The Contact and Privacy pages read the published contact address from /api/site-config. */
describe('site config: the contact address', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('is null when CONTACT_EMAIL is unset', async () => {
    h = await createHarness();
    const res = await h.request({ method: 'GET', url: '/api/site-config' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ contactEmail: null });
  });

  it('is the configured address when CONTACT_EMAIL is set', async () => {
    h = await createHarness({ CONTACT_EMAIL: 'team@quidsin.example' });
    const res = await h.request({ method: 'GET', url: '/api/site-config' });
    expect(res.body.data).toMatchObject({ contactEmail: 'team@quidsin.example' });
  });

  it('refuses a CONTACT_EMAIL that is not an address', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-contact-'));
    try {
      expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CONTACT_EMAIL: 'not an address' })).toThrow(/CONTACT_EMAIL/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
