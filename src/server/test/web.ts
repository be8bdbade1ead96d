import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * A stand-in for the dashboard's build (`dist`): a temporary directory holding these files (paths
 * relative to it: `index.html`, `assets/…`), and how to remove it again.
 */
export function tempDist(name: string, files: Record<string, string>): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `md-${name}-`));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A GET as a browser on the site desk.example sends it, through `app.inject`. */
export function browserGet(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { host: 'desk.example', ...headers } });
}
