import { join } from 'node:path';
import { isStale } from '../start.mjs';
import { RENDERER_FILE } from './renderer';

const root = process.cwd();
const inputs = ['index.html', 'vite.config.ts', 'src/app', 'src/contract', 'public'];
/** What `vite build` writes: the browser's files and the server's renderer of first views. */
const outputs = [join(root, 'dist', 'index.html'), join(root, 'dist', RENDERER_FILE)];

/**
 * Builds the dashboard (both builds, as `vite build` does) when dist/ is missing or older than its
 * sources. `say` tells that it begins (a plain line at a terminal, a log record otherwise).
 */
export async function ensureDashboardBuilt(say: (line: string) => void): Promise<void> {
  if (!outputs.some((output) => isStale(output, inputs))) return;
  say('Building the dashboard…');
  const { createBuilder } = await import('vite');
  // Warnings only, so nothing would print the compressed sizes: not computed either.
  const builder = await createBuilder({ root, logLevel: 'warn', build: { reportCompressedSize: false } });
  await builder.buildApp();
}
