// `npm start`: runs the server from one bundle of its TypeScript sources, rebuilt when they change.
// Loading the ~100 source modules through tsx's loader hooks (and every package module through
// them too) took about half of each start; the bundle, with packages left to Node, starts in about
// half the time (later starts should stay ≤ 3 s). Plain JavaScript so that nothing has to compile it.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside node_modules so that the bundle's package imports resolve exactly as the sources' do; named
// after the checkout, so that checkouts sharing one node_modules (worktrees) never run each other's.
const checkout = createHash('sha256').update(root).digest('hex').slice(0, 12);
const outDir = join(root, 'node_modules', '.cache', `marketdesk-server-${checkout}`);
const bundle = join(outDir, 'main.mjs');
const serverSources = ['src/server', 'src/contract', 'src/catalog-tools', 'package-lock.json'].map((path) =>
  join(root, path),
);

/** @param {string} path @returns {number} */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * True when `output` is missing or older than any file under `inputs`. Absolute paths only: bundled
 * into the server (web/build.ts), this file is no longer where the repository's root is relative to.
 */
export function isStale(/** @type {string} */ output, /** @type {string[]} */ inputs) {
  if (!inputs.every((path) => isAbsolute(path))) throw new Error('isStale takes absolute paths');
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  return builtAt <= Math.max(...inputs.map(newestMtime));
}

/**
 * Builds the server into `target` (beside and moved into place, so that a process starting meanwhile
 * never sees half a bundle). `target` must be under node_modules, as the sources are, for the bundle's
 * package imports to resolve.
 */
export async function buildServer(target = outDir) {
  const { build } = await import('esbuild');
  const tmpDir = `${target}.${process.pid}`;
  await build({
    entryPoints: [
      { in: join(root, 'src/server/main.ts'), out: 'main' },
      // The signature pool's threads run this, found beside the server (signature-pool.ts).
      { in: join(root, 'src/server/signatures/signature-worker.ts'), out: 'signature-worker' },
    ],
    outdir: tmpDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Linked, not applied by default (parsing maps costs ~0.2 s per start): NODE_OPTIONS=--enable-source-maps.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The database module reads its migrations from beside itself (`./migrations`).
  cpSync(join(root, 'src/server/db/migrations'), join(tmpDir, 'migrations'), { recursive: true });
  // The embed card's live script is built from its source, read from beside the server (embed-live.ts).
  cpSync(join(root, 'src/server/web/embed-live-client.ts'), join(tmpDir, 'embed-live-client.ts'));
  rmSync(target, { recursive: true, force: true });
  try {
    renameSync(tmpDir, target);
  } catch (err) {
    // Another start built it at the same moment: theirs is as good.
    rmSync(tmpDir, { recursive: true, force: true });
    if (!existsSync(join(target, 'main.mjs'))) throw err;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (isStale(bundle, serverSources)) await buildServer();
  await import(pathToFileURL(bundle).href);
}
