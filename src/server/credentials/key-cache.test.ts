import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/open';
import { apiKeys } from '../db/schema/credentials';
import { openTestDatabase } from '../test/database';
import { KEY_TRUST_MS, KeyReader } from './key-cache';

/**
 * The key reader as PostgreSQL uses it (no coherent cache): a revocation made by another process is
 * seen at once by ordinary reads, and within KEY_TRUST_MS by reads whose action the writer checks again.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function newKey(): Promise<string> {
  const apiKey = randomUUID();
  await database.db.insert(apiKeys).values({
    apiKey,
    address: `0x${'ab'.repeat(20)}`,
    passphraseHash: 'hash',
    secretCiphertext: 'ciphertext',
  });
  return apiKey;
}

const revokeBehindTheReader = (apiKey: string) =>
  database.db.execute(sql`UPDATE api_keys SET revoked_at = now() WHERE api_key = ${apiKey}`);

describe('KeyReader without a coherent cache (PostgreSQL)', () => {
  it('reads every ordinary lookup from the database', async () => {
    const reader = new KeyReader(false);
    const apiKey = await newKey();
    expect((await reader.findKey(database.db, apiKey))?.revokedAt).toBeNull();
    await reader.findKey(database.db, apiKey, true);
    await revokeBehindTheReader(apiKey);
    expect((await reader.findKey(database.db, apiKey))?.revokedAt).toBeInstanceOf(Date);
  });

  it('keeps a row read for the writer for KEY_TRUST_MS, or until it is forgotten', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const reader = new KeyReader(false);
      const apiKey = await newKey();
      expect((await reader.findKey(database.db, apiKey, true))?.revokedAt).toBeNull();
      await revokeBehindTheReader(apiKey);
      vi.advanceTimersByTime(KEY_TRUST_MS - 1);
      expect((await reader.findKey(database.db, apiKey, true))?.revokedAt).toBeNull();
      vi.advanceTimersByTime(1);
      expect((await reader.findKey(database.db, apiKey, true))?.revokedAt).toBeInstanceOf(Date);

      const other = await newKey();
      await reader.findKey(database.db, other, true);
      await revokeBehindTheReader(other);
      reader.forget(other);
      expect((await reader.findKey(database.db, other, true))?.revokedAt).toBeInstanceOf(Date);
    } finally {
      vi.useRealTimers();
    }
  });
});
