import { and, asc, count, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { apiKeys, usedL2Signatures, usedSignatures } from '../db/schema/credentials';
import { ReplyError } from '../errors';
import { serverClock } from './clock';

/** Every SQL statement of the trading interface. Addresses are stored lower-case. */

export const MAX_ACTIVE_KEYS = 10;

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Whether a key authenticates at `nowMs`: not revoked, and not past its end (an expired key is revoked). */
export const isActive = (row: Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>, nowMs: number): boolean =>
  !row.revokedAt && (!row.expiresAt || row.expiresAt.getTime() > nowMs);

/**
 * The same rule in SQL, at the server's clock (which tests can move past a key's end), or at `now` (a
 * prepared statement's parameter).
 */
const active = (now: SQL | Date = new Date(serverClock.nowMs())) =>
  and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));

/**
 * Every L2 request reads its key (on PostgreSQL uncached: key-cache.ts), so the statement is built once
 * per database handle and prepared: no query building per request, and PostgreSQL parses and plans it
 * once per connection.
 */
const findKeyStatements = new WeakMap<Db, ReturnType<typeof prepareFindKey>>();

const prepareFindKey = (db: Db) =>
  db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.apiKey, sql.placeholder('apiKey')))
    .limit(1)
    .prepare('find_api_key');

export async function findApiKey(db: Db, apiKey: string): Promise<ApiKeyRow | undefined> {
  let statement = findKeyStatements.get(db);
  if (!statement) {
    statement = prepareFindKey(db);
    findKeyStatements.set(db, statement);
  }
  const [row] = await statement.execute({ apiKey });
  return row;
}

/**
 * Marks an L1 authorisation used. Runs inside the transaction of the action it authorises, so the
 * mark and the action commit or roll back together; a concurrent second use blocks on the primary
 * key until the first commits, then finds the conflict.
 */
export async function markSignatureUsed(
  tx: Db,
  used: { address: string; timestamp: number; nonce: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(usedSignatures)
    .values({ address: used.address.toLowerCase(), timestamp: used.timestamp, nonce: used.nonce })
    .onConflictDoNothing()
    .returning({ address: usedSignatures.address });
  return inserted.length === 1;
}

/**
 * Marks a state-changing L2 request used (docs/api.md §3), in the transaction of its action like
 * markSignatureUsed: the same API key, timestamp and signature can then never change anything again,
 * whatever query string comes with them.
 */
export async function markL2SignatureUsed(
  tx: Db,
  used: { apiKey: string; timestamp: number; signature: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(usedL2Signatures)
    .values(used)
    .onConflictDoNothing()
    .returning({ apiKey: usedL2Signatures.apiKey });
  return inserted.length === 1;
}

/** Forgets used L1 and L2 signatures whose timestamp can no longer pass their window. */
export async function pruneUsedSignatures(
  db: Db,
  olderThan: { l1Seconds: number; l2Seconds: number },
): Promise<void> {
  await db.delete(usedSignatures).where(lt(usedSignatures.timestamp, olderThan.l1Seconds));
  await db.delete(usedL2Signatures).where(lt(usedL2Signatures.timestamp, olderThan.l2Seconds));
}

/**
 * Inserts a key unless the owner already has MAX_ACTIVE_KEYS active ones. At the limit, the owner's
 * oldest active replaceable key (one made with `replaceOldest`, given up in advance) is revoked to make
 * room, whatever this create asked; with none, the create is refused. A transaction-scoped advisory
 * lock on the address serialises concurrent creates of one owner on PostgreSQL, so the count cannot be
 * raced; other owners are not blocked.
 */
export async function insertApiKeyWithinLimit(
  tx: Db,
  row: {
    apiKey: string;
    address: string;
    passphraseHash: string;
    secretCiphertext: string;
    label?: string | null;
    expiresAt?: Date | null;
  },
  /** The new key is replaceable: it gives way when its owner needs the room (docs/api.md §5). */
  replaceOldest = false,
): Promise<{ replaced: string | null }> {
  const address = row.address.toLowerCase();
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`api_keys:${address}`}, 0))`);
  const [current] = await tx
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.address, address), active()));
  let replaced: string | null = null;
  if ((current?.n ?? 0) >= MAX_ACTIVE_KEYS) {
    const [oldest] = await tx
      .select({ apiKey: apiKeys.apiKey })
      .from(apiKeys)
      .where(and(eq(apiKeys.address, address), eq(apiKeys.replaceable, true), active()))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.apiKey))
      .limit(1);
    if (oldest && (await revokeKey(tx, oldest.apiKey, address))) replaced = oldest.apiKey;
  }
  if (replaced === null && (current?.n ?? 0) >= MAX_ACTIVE_KEYS) {
    throw new ReplyError(
      'KEY_LIMIT_REACHED',
      `This address already has ${MAX_ACTIVE_KEYS} active API keys, the maximum; revoke one (DELETE /api-keys) before creating another.`,
    );
  }
  await tx.insert(apiKeys).values({ ...row, address, replaceable: replaceOldest });
  return { replaced };
}

/** What the owner sees of a key in the list (no secret, no passphrase). */
export interface KeySummary {
  apiKey: string;
  label: string | null;
  createdAt: Date;
  expiresAt: Date | null;
}

/** The key list, prepared like the key read (`GET /api-keys` reads it from PostgreSQL on every request). */
const listKeysStatements = new WeakMap<Db, ReturnType<typeof prepareListKeys>>();

const prepareListKeys = (db: Db) =>
  db
    .select({
      apiKey: apiKeys.apiKey,
      label: apiKeys.label,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    // The server's clock as a parameter: ISO text, read as a timestamptz.
    .where(
      and(
        eq(apiKeys.address, sql.placeholder('address')),
        active(sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.apiKey))
    .prepare('list_api_keys');

/** Active keys of an address, oldest first. */
export async function listActiveKeys(db: Db, address: string): Promise<KeySummary[]> {
  let statement = listKeysStatements.get(db);
  if (!statement) {
    statement = prepareListKeys(db);
    listKeysStatements.set(db, statement);
  }
  return statement.execute({
    address: address.toLowerCase(),
    now: new Date(serverClock.nowMs()).toISOString(),
  });
}

/** Revokes the key if it is an active key of that address; false otherwise. */
export async function revokeKey(db: Db, apiKey: string, address: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.apiKey, apiKey), eq(apiKeys.address, address.toLowerCase()), active()))
    .returning({ apiKey: apiKeys.apiKey });
  return rows.length === 1;
}
