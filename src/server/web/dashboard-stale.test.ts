import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { dashboardIsStale } from './build';
import { RENDERER_FILE } from './renderer';

/**
 * `npm start` rebuilds the dashboard when a source is newer than the build: after a `git pull`, say.
 * (Bundled into the server, its check once looked for the sources under node_modules, found none, and
 * served the old dashboard for ever.)
 */
const root = mkdtempSync(join(tmpdir(), 'dashboard-stale-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const file = (path: string, seconds: number) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), '');
  utimesSync(join(root, path), seconds, seconds);
};

it('is stale with no build, then when any source is newer than the build', () => {
  file('src/app/routes/index.tsx', 1_000);
  expect(dashboardIsStale(root)).toBe(true);
  file('dist/index.html', 2_000);
  file(join('dist', RENDERER_FILE), 2_000);
  expect(dashboardIsStale(root)).toBe(false);
  file('src/app/routes/index.tsx', 3_000);
  expect(dashboardIsStale(root)).toBe(true);
  file('dist/index.html', 4_000);
  file(join('dist', RENDERER_FILE), 4_000);
  file('src/contract/pages.ts', 5_000);
  expect(dashboardIsStale(root)).toBe(true);
});
