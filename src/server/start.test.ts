import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isStale } from './start.mjs';

/** The launcher rebuilds the server bundle exactly when a source is newer (the start itself is e2e). */
describe('isStale', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stale-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

  it('is stale without an output, or when any input, however deep, is newer', () => {
    mkdirSync(join(dir, 'src/deep/er'), { recursive: true });
    const source = join(dir, 'src/deep/er/a.ts');
    const output = join(dir, 'out.mjs');
    writeFileSync(source, '');
    at(source, 1_000);
    expect(isStale(output, [join(dir, 'src')])).toBe(true);
    writeFileSync(output, '');
    at(output, 2_000);
    expect(isStale(output, [join(dir, 'src'), join(dir, 'missing')])).toBe(false);
    at(source, 3_000);
    expect(isStale(output, [join(dir, 'src')])).toBe(true);
  });
});
