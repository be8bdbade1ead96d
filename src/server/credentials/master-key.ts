import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq, isNull } from 'drizzle-orm';
import { base64ToBytes } from '../../contract/auth-base64';
import type { Db } from '../db/open';
import { ReplyError } from '../errors';
import { apiKeys, masterKeyCheck } from '../db/schema/credentials';

/**
 * The server key that, with each passphrase, protects API secrets at rest (docs/api.md §4). It lives
 * outside the database: env SVC_MASTER_KEY, or a 0600 file in DATA_DIR created on first start.
 */

export const MASTER_KEY_FILE = 'master.key';
const MIN_BYTES = 32;

export class MasterKeyError extends Error {}

export function loadMasterKey(options: { envKey?: string | undefined; dataDir: string }): Buffer {
  if (options.envKey) return decodeKey(options.envKey, 'SVC_MASTER_KEY');
  return readOrCreateKeyFile(join(options.dataDir, MASTER_KEY_FILE));
}

const CHECK_ROW = 'master-key';
const CHECK_LABEL = 'marketdesk/master-key-check/v1';

/** The check value kept with the data: an HMAC of a fixed label under the key, never the key. */
export function masterKeyCheckValue(key: Buffer): string {
  return createHmac('sha256', key).update(CHECK_LABEL).digest('hex');
}

/**
 * The master key, checked against the one the stored API secrets are sealed with. A missing key
 * is created only while no active API key depends on one; a missing or different key is refused
 * while any does, with a MasterKeyError saying what to do (every such key would otherwise fail with
 * PASSPHRASE_INVALID, pointing its owner at the wrong cause). `replaced` tells the caller that a
 * different key was adopted because nothing depended on the recorded one.
 */
export async function openMasterKey(options: {
  envKey?: string | undefined;
  dataDir: string;
  db: Db;
}): Promise<{ key: Buffer; replaced: boolean }> {
  const path = join(options.dataDir, MASTER_KEY_FILE);
  const source = options.envKey ? 'SVC_MASTER_KEY' : path;
  const activeKeys = await countActiveKeys(options.db);
  const configured = options.envKey ? decodeKey(options.envKey, 'SVC_MASTER_KEY') : readKeyFileIfAny(path);
  if (!configured && activeKeys > 0) {
    throw new MasterKeyError(
      `The master key is missing: SVC_MASTER_KEY is not set and ${path} does not exist, but the database holds ${activeKeys} active API key(s) sealed with one. ${WHAT_TO_DO}`,
    );
  }
  const key = configured ?? readOrCreateKeyFile(path);
  const check = masterKeyCheckValue(key);
  await options.db.insert(masterKeyCheck).values({ id: CHECK_ROW, value: check }).onConflictDoNothing();
  // The record locked, then the keys counted: a key being stored under the recorded master key holds
  // a share lock on the record (sealUnderRecordedKey), so it is either counted here or refused there.
  const replaced = await options.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ value: masterKeyCheck.value })
      .from(masterKeyCheck)
      .where(eq(masterKeyCheck.id, CHECK_ROW))
      .for('update');
    if (sameHex(row?.value ?? '', check)) return false;
    const active = await countActiveKeys(tx);
    if (active > 0) {
      throw new MasterKeyError(
        `The master key (${source}) is not the one the database's ${active} active API key(s) were sealed with. ${WHAT_TO_DO} ${SHARED}`,
      );
    }
    await tx
      .update(masterKeyCheck)
      .set({ value: check, recordedAt: new Date() })
      .where(eq(masterKeyCheck.id, CHECK_ROW));
    return true;
  });
  return { key, replaced };
}

/**
 * In the transaction that stores an API key sealed under the master key whose check value is `check`:
 * that key is still the database's, and stays so until the transaction ends (a share lock on its
 * record, which a start adopting another key waits for). Otherwise another server on this database
 * started with a different key (no active API key depended on this one then), and a key stored now
 * could be opened by one of the two servers only: refused, and said to the operator.
 */
export async function sealUnderRecordedKey(tx: Db, check: string): Promise<void> {
  const [row] = await tx
    .select({ value: masterKeyCheck.value })
    .from(masterKeyCheck)
    .where(eq(masterKeyCheck.id, CHECK_ROW))
    .for('share');
  if (row && sameHex(row.value, check)) return;
  throw new ReplyError(
    'SERVICE_UNAVAILABLE',
    'This server cannot create API keys: its master key is no longer the one recorded in its database, as another server using the database started with a different one. The operator must give every server on one database the same SVC_MASTER_KEY.',
  );
}

const WHAT_TO_DO =
  'Start with the original key (SVC_MASTER_KEY, or the master.key file in DATA_DIR, mode 0600) restored from your backup; a new key cannot open those API keys, so none is made. If it is lost for good, those keys cannot be used again: revoke them (UPDATE api_keys SET revoked_at = now() WHERE revoked_at IS NULL) and start again; their owners then create new ones.';

const SHARED = 'Every server on one database needs the same key: set SVC_MASTER_KEY to it on each.';

async function countActiveKeys(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys).where(isNull(apiKeys.revokedAt));
  return row?.n ?? 0;
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

function readKeyFileIfAny(path: string): Buffer | null {
  try {
    return readKeyFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function decodeKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  const bytes = /^([0-9a-fA-F]{2})+$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(base64ToBytes(trimmed) ?? new Uint8Array());
  if (bytes.length < MIN_BYTES) {
    throw new MasterKeyError(
      `${source} must be at least ${MIN_BYTES} random bytes as hex or base64; generate one with \`openssl rand -hex 32\`.`,
    );
  }
  return bytes;
}

function readOrCreateKeyFile(path: string): Buffer {
  try {
    return readKeyFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(join(path, '..'), { recursive: true });
  // Written under a temporary name and linked into place: link fails if another process won the
  // race, so every process ends up with the same, completely written key.
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temporary);
  }
  return readKeyFile(path);
}

function readKeyFile(path: string): Buffer {
  const mode = statSync(path).mode;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new MasterKeyError(
      `${path} is readable by other users (mode ${(mode & 0o777).toString(8)}); run \`chmod 600 ${path}\`.`,
    );
  }
  return decodeKey(readFileSync(path, 'utf8'), path);
}
