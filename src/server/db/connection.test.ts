import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';

describe('opening the database', () => {
  it('refuses a database URL given as the SQLite file, and makes no folders named after it', () => {
    expect(() => openDatabase({ sqliteFile: 'postgres://postgres@127.0.0.1:5432/x_test' })).toThrow(/not a SQLite file path: 127\.0\.0\.1:5432\/x_test$/);
    expect(fs.existsSync('postgres:')).toBe(false);
  });
});
