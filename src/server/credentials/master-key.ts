import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { base64ToBytes } from '../../contract/auth-base64';

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
