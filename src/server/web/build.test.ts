import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

/**
 * The dashboard build that a first `npm start` runs prints nothing to worry a newcomer: every warning
 * (an import Vite cannot resolve cleanly, a Node module pulled into the browser bundle) is fixed at its
 * cause. Built in a process of its own, as `npm start` builds, not inside the test runner.
 */
const outDir = mkdtempSync(join(tmpdir(), 'dashboard-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

it('builds the dashboard without a warning', async () => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITEST|TEST|NODE_ENV$)/.test(name)),
  );
  const vite = join(process.cwd(), 'node_modules/vite/bin/vite.js');
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    { env },
  );
  expect(`${stdout}${stderr}`.trim()).toBe('');
}, 120_000);
