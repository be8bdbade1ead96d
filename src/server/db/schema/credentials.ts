import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /** The owner's name for it (docs/api.md §5: session keys), 1–100 characters. */
    label: text('label'),
    /** A session key's end: from then on it counts as revoked (null: never). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 6 }),
    /**
     * Made with `replaceOldest` (docs/api.md §5): a key its owner gave up in advance, revoked to make
     * room when the owner creates a key at the limit.
     */
    replaceable: boolean('replaceable').notNull().default(false),
  },
  (t) => [
    index('api_keys_address_idx').on(t.address, t.createdAt),
    check('api_keys_label_length', sql`${t.label} IS NULL OR char_length(${t.label}) BETWEEN 1 AND 100`),
  ],
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

/**
 * L2 requests that changed something (docs/api.md §3: they are single-use), kept until they are past
 * the timestamp window. The signature is stored as the hex of its bytes, so every base64 spelling of
 * one signature is one row.
 */
export const usedL2Signatures = pgTable(
  'used_l2_signatures',
  {
    apiKey: uuid('api_key').notNull(),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    signature: text('signature').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKey, t.timestamp, t.signature] }),
    index('used_l2_signatures_ts_idx').on(t.timestamp),
  ],
);

/**
 * A check value of the master key the secrets in api_keys are sealed with: an HMAC of a fixed label
 * under that key, never the key itself. At start a different (or missing) master key is refused
 * while API keys depend on the recorded one. One row, id 'master-key'.
 */
export const masterKeyCheck = pgTable('master_key_check', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
