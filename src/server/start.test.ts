import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { askThread, expected, signedMessages } from './test/signed-digests';
import { buildServer, isStale } from './start.mjs';

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

describe('buildServer', () => {
  // Under node_modules, as npm start's bundle is, so that its package imports resolve.
  const target = fileURLToPath(
    new URL(`../../node_modules/.cache/marketdesk-build-test-${process.pid}`, import.meta.url),
  );
  afterAll(() => rmSync(target, { recursive: true, force: true }));

  it('puts the server and the signature thread beside it, and the thread runs', async () => {
    await buildServer(target);
    for (const file of ['main.mjs', 'signature-worker.mjs', 'migrations', 'embed-live-client.ts'])
      expect(existsSync(join(target, file)), file).toBe(true);
    const worker = new Worker(join(target, 'signature-worker.mjs'));
    try {
      const signed = await signedMessages(3);
      expect(await askThread(worker, signed)).toEqual(expected(signed));
    } finally {
      await worker.terminate();
    }
  }, 60_000);
});
