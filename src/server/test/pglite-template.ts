import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const migrations = resolve(import.meta.dirname, '../db/migrations');
const cacheDir = resolve(import.meta.dirname, '../../../node_modules/.cache/marketdesk');

/** Where the migrated-empty-database template for the current migrations lives. */
export function templatePath(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrations).sort()) {
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(migrations, name)));
  }
  return join(cacheDir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * PGlite's initdb takes ~3 s; loading a dump of a freshly migrated database takes ~0.6 s. The dump
 * is made once per migration set and shared by every test file.
 */
export async function ensureTemplate(): Promise<string> {
  const path = templatePath();
  if (existsSync(path)) return path;
  const { openDatabase } = await import('../db/open');
  const database = await openDatabase({ dataDir: 'memory://' });
  const blob = await database.dumpDataDir!();
  await database.close();
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${path}.${process.pid}`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, path);
  return path;
}
