import { join } from 'node:path';
import { isStale } from '../start.mjs';

const root = process.cwd();
const inputs = ['index.html', 'vite.config.ts', 'src/app', 'src/contract', 'public'];

/** Builds the dashboard when dist/ is missing or older than its sources. */
export async function ensureDashboardBuilt(): Promise<void> {
  if (!isStale(join(root, 'dist', 'index.html'), inputs)) return;
  console.log('Building the dashboard…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}
