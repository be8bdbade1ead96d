import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** A data directory the embedded database cannot use; the message says what to fix. */
export class DataDirError extends Error {}

/** Free space a new embedded database needs (initdb writes ~40 MB). */
const MIN_FREE_FOR_INIT = 128 * 1024 * 1024;

const reasons: Record<string, string> = {
  EROFS: 'is on a read-only file system',
  EACCES: 'is not writable by this user',
  EPERM: 'is not writable by this user',
  ENOSPC: 'is on a full disk',
  EDQUOT: 'is over its disk quota',
};

/** The error code of the nearest existing ancestor, which says more than ENOENT from mkdir. */
function ancestorCode(dir: string): string {
  let path = resolve(dir);
  while (!existsSync(path) && dirname(path) !== path) path = dirname(path);
  try {
    accessSync(path, constants.W_OK);
    return '';
  } catch (err) {
    return (err as { code?: string }).code ?? '';
  }
}

function explain(dir: string, err: unknown): DataDirError {
  let code = (err as { code?: string }).code ?? '';
  if (code === 'ENOENT') code = ancestorCode(dir) || code;
  const why = reasons[code] ?? `cannot be used (${code || String(err)})`;
  return new DataDirError(
    `DATA_DIR ${resolve(dir)} ${why}; choose another DATA_DIR or free the problem, then start again.`,
  );
}

export function isInitialised(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

/** Checks, before the database touches it, that the directory exists, takes writes and has room. */
export function checkDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.write-probe-${process.pid}`);
    const fd = openSync(probe, 'w');
    try {
      writeSync(fd, 'ok');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
      rmSync(probe, { force: true });
    }
  } catch (err) {
    throw explain(dir, err);
  }
  if (!isInitialised(dir)) {
    const { bavail, bsize } = statfsSync(dir);
    const free = bavail * bsize;
    if (free < MIN_FREE_FOR_INIT) {
      throw new DataDirError(
        `DATA_DIR ${resolve(dir)} has ${Math.floor(free / 2 ** 20)} MB free; a new database needs at least ${MIN_FREE_FOR_INIT / 2 ** 20} MB.`,
      );
    }
  }
}

/**
 * Creates a new database in a sibling directory and moves it into place only once complete, so a
 * first start that dies half-way (disk full, kill) never leaves a half-made database behind.
 */
export async function initialiseAtomically(dir: string, init: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = join(dirname(resolve(dir)), `.${basename(resolve(dir))}.init-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  try {
    await init(tmp);
    if (existsSync(dir) && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
    renameSync(tmp, dir);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err instanceof DataDirError ? err : explain(dir, err);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/**
 * The embedded database can be opened by one process at a time: a second opener (a server, or the
 * catalog command while a server runs) would corrupt it. A pid file guards it; one left by a dead
 * process (kill -9) is taken over. It sits beside the directory (DIR.pid), not in it. Returns the
 * release function.
 */
export function lockDataDir(dir: string): () => void {
  const lock = `${resolve(dir)}.pid`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lock, { force: true });
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw explain(dir, err);
      const owner = Number(readFileSync(lock, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirError(
          `The embedded database in ${resolve(dir)} is in use by process ${owner}; stop it first (one process at a time), or use PostgreSQL (DATABASE_URL) to share a database.`,
        );
      }
      rmSync(lock, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirError(`Could not lock ${resolve(dir)}; try again.`);
}
