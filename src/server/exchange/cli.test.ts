import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../db/open';
import { freeBalance } from './account/queries';
import { COLLATERAL } from './units';

/** `npm run exchange -- fund`, run as the operator runs it, on embedded databases of its own. */

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'marketdesk-cli-'));
  dirs.push(dir);
  return dir;
};
const address = `0x${'ab'.repeat(20)}`;

/** The CLI's exit code and output (never the caller's DATABASE_URL: these runs use their data dir). */
async function fund(...args: string[]) {
  const env = { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' };
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'src/server/exchange/cli.ts', 'fund', ...args], {
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run exchange -- fund', () => {
  it('refuses a data directory that holds no database, and creates none there', async () => {
    const empty = tempDir();
    const result = await fund(address, '5', '--data-dir', empty);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`There is no database in ${empty}: give the DATA_DIR`);
    expect(existsSync(join(empty, 'pgdata'))).toBe(false);
  }, 60_000);

  it('names the largest credit when an amount is above it', async () => {
    const result = await fund(address, '9007199255');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '9007199255 is not a positive amount of USDC with at most 6 decimals, of at most 9007199254.740991 USDC a credit.',
    );
  });

  it('credits a wallet of the server’s database', async () => {
    const dir = tempDir();
    const first = await openConfiguredDatabase({ DATA_DIR: dir });
    await first.close();
    const result = await fund(address, '12.5', '--data-dir', dir);
    expect(result.stdout, result.stderr).toContain(`Credited 12.5 USDC (paper) to ${address}.`);
    const database = await openConfiguredDatabase({ DATA_DIR: dir });
    try {
      expect(await freeBalance(database.db, address, COLLATERAL)).toBe(12_500_000n);
    } finally {
      await database.close();
    }
  }, 120_000);
});
