import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './vite-precompress';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function writeBundle(outDir: string, files: Record<string, string>) {
  const plugin = precompress();
  const hook = plugin.writeBundle as (options: { dir?: string }, bundle: Record<string, unknown>) => void;
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(outDir, name, '..'), { recursive: true });
    writeFileSync(join(outDir, name), text);
  }
  hook({ dir: outDir }, Object.fromEntries(Object.keys(files).map((name) => [name, {}])));
  await plugin.settled();
}

describe('precompress', () => {
  it('writes .br and .gz beside each text asset of the output directory (an absolute one too), not beside index.html or small files', async () => {
    dir = mkdtempSync(join(tmpdir(), 'md-precompress-'));
    const js = 'console.log("marketdesk");\n'.repeat(100);
    await writeBundle(dir, { 'assets/app-1.js': js, 'assets/tiny-2.js': 'x', 'index.html': `<p>${js}</p>` });
    expect(gunzipSync(readFileSync(join(dir, 'assets/app-1.js.gz'))).toString()).toBe(js);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/app-1.js.br'))).toString()).toBe(js);
    expect(existsSync(join(dir, 'assets/tiny-2.js.gz'))).toBe(false);
    expect(existsSync(join(dir, 'index.html.gz'))).toBe(false);
  });
});
