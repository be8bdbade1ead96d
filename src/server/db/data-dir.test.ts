import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initialiseAtomically } from './data-dir';

const root = mkdtempSync(join(tmpdir(), 'md-datadir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Starts the real server on DATA_DIR and returns how it ended. */
function start(dataDir: string) {
  const result = spawnSync(process.execPath, ['src/server/start.mjs'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      SEED_EVENTS: '0',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

function mountTmpfs(dir: string, options: string): boolean {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// Mounting a small or read-only file system needs root, which CI and the dev machines have.
const canMount = process.getuid?.() === 0 && mountTmpfs(join(root, 'probe'), 'size=1m');
if (canMount) execFileSync('umount', [join(root, 'probe')]);

describe.runIf(canMount)('starting on an unusable data directory', () => {
  it('refuses a read-only file system with a clear message and a non-zero exit', () => {
    const mnt = join(root, 'ro');
    mountTmpfs(mnt, 'ro,size=1m');
    try {
      const { status, stderr } = start(join(mnt, 'data'));
      expect(status).not.toBe(0);
      expect(stderr).toMatch(/DATA_DIR .*ro\/data\/pgdata is on a read-only file system/);
    } finally {
      execFileSync('umount', [mnt]);
    }
  });

  it('refuses a disk without room for a new database and leaves nothing half-made', () => {
    const mnt = join(root, 'full');
    mountTmpfs(mnt, 'size=4m');
    try {
      const { status, stderr } = start(join(mnt, 'data'));
      expect(status).not.toBe(0);
      expect(stderr).toMatch(/has \d+ MB free; a new database needs at least 128 MB/);
      expect(existsSync(join(mnt, 'data', 'pgdata', 'PG_VERSION'))).toBe(false);
    } finally {
      execFileSync('umount', [mnt]);
    }
  });
});

describe('initialiseAtomically', () => {
  it('leaves no trace of a first initialisation that fails half-way', async () => {
    const dir = join(root, 'atomic');
    await expect(
      initialiseAtomically(dir, async (tmp) => {
        mkdirSync(tmp);
        writeFileSync(join(tmp, 'PG_VERSION'), '17');
        throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      }),
    ).rejects.toThrow(/is on a full disk/);
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(root).filter((n) => n.includes('atomic'))).toEqual([]);
  });

  it('moves a complete database into place', async () => {
    const dir = join(root, 'complete');
    await initialiseAtomically(dir, async (tmp) => {
      mkdirSync(tmp);
      writeFileSync(join(tmp, 'PG_VERSION'), '17');
    });
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
  });
});

describe('lockDataDir', () => {
  it('lets one process at a time open the embedded database, and takes over a dead one’s lock', async () => {
    const { lockDataDir } = await import('./data-dir');
    const dir = join(root, 'locked');
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).not.toThrow(); // the same process may reopen
    release();

    // A live other process holds it: refused, with what to do.
    writeFileSync(`${dir}.pid`, String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/in use by process \d+; stop it first/);

    // A dead process left it behind (kill -9): taken over.
    writeFileSync(`${dir}.pid`, '999999999');
    const again = lockDataDir(dir);
    again();
    expect(existsSync(`${dir}.pid`)).toBe(false);
  });
});
