import { join } from 'node:path';
import { isStale } from '../start.mjs';
import { RENDERER_FILE } from './renderer';

const INPUTS = ['index.html', 'vite.config.ts', 'src/app', 'src/contract', 'public'];

/**
 * Whether the dashboard in `root`/dist is missing or older than its sources: what `vite build` writes
 * (the browser's files and the server's renderer of first views) against what it reads.
 */
export function dashboardIsStale(root: string): boolean {
  const inputs = INPUTS.map((path) => join(root, path));
  return [join(root, 'dist', 'index.html'), join(root, 'dist', RENDERER_FILE)].some((output) =>
    isStale(output, inputs),
  );
}

/**
 * Builds the dashboard (both builds, as `vite build` does) when it is stale. `say` tells that it
 * begins (a plain line at a terminal, a log record otherwise).
 */
export async function ensureDashboardBuilt(say: (line: string) => void): Promise<void> {
  const root = process.cwd();
  if (!dashboardIsStale(root)) return;
  say('Building the dashboard…');
  const { createBuilder } = await import('vite');
  // Warnings only, so nothing would print the compressed sizes: not computed either.
  const builder = await createBuilder({ root, logLevel: 'warn', build: { reportCompressedSize: false } });
  await builder.buildApp();
}
