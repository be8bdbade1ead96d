import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * API keys. Nothing here lets anyone compute an L2 signature (docs/api.md §4): the passphrase is
 * kept only as a hash and the secret only encrypted under a key derived from the passphrase and
 * a server key that lives outside the database.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    apiKey: uuid('api_key').primaryKey(),
    /** Lower-case 0x address of the owner. */
    address: text('address').notNull(),
    passphraseHash: text('passphrase_hash').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 6 })
      .notNull()
      .defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date', precision: 6 }),
  },
  (t) => [index('api_keys_address_idx').on(t.address, t.createdAt)],
);

/** L1 authorisations already used (docs/api.md §2), kept until they are past the timestamp window. */
export const usedSignatures = pgTable(
  'used_signatures',
  {
    address: text('address').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    nonce: text('nonce').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.timestamp, t.nonce] }),
    index('used_signatures_ts_idx').on(t.timestamp),
  ],
);
