import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const inputs = ['index.html', 'vite.config.ts', 'src/app', 'src/contract', 'public'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Builds the dashboard when dist/ is missing or older than its sources. */
export async function ensureDashboardBuilt(): Promise<void> {
  const built = join(root, 'dist', 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt > Math.max(...inputs.map((p) => newestMtime(join(root, p))))) return;
  console.log('Building the dashboard…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}
