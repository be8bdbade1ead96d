import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The reference service's legacy trading client (@polymarket/clob-client), changed the way docs/api.md
 * §9 tells its users to change it: header prefix `SVC_` instead of `POLY_`, and the key paths
 * `/api-keys` instead of `/auth/api-key(s)`. A copy under node_modules/.cache with those two string
 * edits, so the test drives the client's own request and signing code, not a re-implementation.
 */
const require = createRequire(import.meta.url);

export async function loadLegacyClobClient(): Promise<typeof import('@polymarket/clob-client')> {
  const dist = dirname(require.resolve('@polymarket/clob-client'));
  const { version } = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const copy = join(dist, '..', '..', '..', '.cache', `marketdesk-clob-client-svc-${version}`, 'dist');
  if (!existsSync(join(copy, 'index.js'))) {
    rmSync(copy, { recursive: true, force: true });
    cpSync(dist, copy, { recursive: true });
    edit(join(copy, 'endpoints.js'), (s) =>
      s.replaceAll('"/auth/api-keys"', '"/api-keys"').replaceAll('"/auth/api-key"', '"/api-keys"'),
    );
    edit(join(copy, 'headers', 'index.js'), (s) => s.replaceAll('POLY_', 'SVC_'));
  }
  return import(pathToFileURL(join(copy, 'index.js')).href);
}

function edit(path: string, change: (text: string) => string): void {
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`${path}: nothing to change (has the client changed?)`);
  writeFileSync(path, after);
}
