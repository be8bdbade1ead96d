import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The plugin, and `settled()`: every compression it started has been written (rejects if one failed). */
export type PrecompressPlugin = Plugin & { settled(): Promise<void> };

/**
 * Writes .br and .gz next to every text file of the build, once, at maximum quality, so the server
 * (@fastify/static `preCompressed`) sends compressed bytes without compressing per request.
 *
 * Brotli at quality 11 is most of a build's time if done in line (~2–3 s of ~10): the files are
 * compressed on zlib's thread pool instead (in parallel, off the main thread), while the build goes
 * on; whoever runs the build awaits `settled()` (vite.config.ts's buildApp does, after the server's
 * renderer is built).
 */
export function precompress(): PrecompressPlugin {
  const pending: Promise<void>[] = [];
  const compress = async (path: string) => {
    const raw = await readFile(path);
    if (raw.length < MIN_BYTES) return;
    const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
    await Promise.all([
      gzipAsync(raw, { level: 9 }).then((gz) => writeFile(`${path}.gz`, gz)),
      brotliAsync(raw, { params }).then((br) => writeFile(`${path}.br`, br)),
    ]);
  };
  return {
    name: 'marketdesk:precompress',
    apply: 'build',
    // The browser's files only: the server's renderer (dist/server) is read from disk, never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle({ dir }, bundle) {
      // `dir`: where this output was written, absolute (an absolute build.outDir works too).
      if (!dir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName) || fileName === 'index.html') continue;
        const done = compress(join(dir, fileName));
        // Reported by settled(); not an unhandled rejection meanwhile.
        done.catch(() => {});
        pending.push(done);
      }
    },
    async settled() {
      await Promise.all(pending.splice(0));
    },
  };
}
