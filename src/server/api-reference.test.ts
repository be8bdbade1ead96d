import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../contract/error-codes';
import { buildTestApp, type TestApp } from './test/app';

/**
 * docs/api.md is the reference client authors read; the OpenAPI documents are what the server
 * validates with. Every path of both documents, and every error code with its status, must be in the
 * reference, so neither can grow without the other.
 */
const reference = readFileSync(join(import.meta.dirname, '../../docs/api.md'), 'utf8');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function openApiPaths(url: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return Object.keys(res.json().paths as Record<string, unknown>);
}

/** `| 404 | \`EVENT_NOT_FOUND\` | … |` rows of the reference's error table. */
function errorTable(markdown: string): Record<string, number> {
  const rows = [...markdown.matchAll(/^\| (\d{3}) \| `([A-Z_0-9]+)` \|/gm)];
  return Object.fromEntries(rows.map(([, status, code]) => [code, Number(status)]));
}

describe('docs/api.md agrees with the server', () => {
  it.each([['/gamma/openapi.json'], ['/clob/openapi.json']])('documents every path of %s', async (url) => {
    const paths = await openApiPaths(url);
    expect(paths.length).toBeGreaterThan(1);
    // Documented as a request: `GET /events/slug/{slug}`, `DELETE /api-keys?apiKey=…`.
    const documented = (path: string) =>
      new RegExp(`\`(GET|POST|DELETE) ${path.replace(/[{}]/g, '\\$&')}[\`? ]`).test(reference);
    const missing = paths.filter((path) => !documented(path));
    expect(missing, 'paths of the OpenAPI document missing from docs/api.md').toEqual([]);
  });

  it('lists exactly the error codes of the contract, each with its status', () => {
    expect(errorTable(reference)).toEqual(ERROR_STATUS);
  });

  it('would notice a path or a code that is not documented', () => {
    expect(errorTable(reference.replace('| 409 | `KEY_LIMIT_REACHED` |', ''))).not.toEqual(ERROR_STATUS);
    expect(reference.includes('`GET /events/slug/{slug}`')).toBe(true);
  });
});
