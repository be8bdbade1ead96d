import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes .br and .gz next to every text file of the build, once, at maximum quality, so the server
 * (@fastify/static `preCompressed`) sends compressed bytes without compressing per request.
 */
export function precompress(): Plugin {
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
        const path = join(dir, fileName);
        const raw = readFileSync(path);
        if (raw.length < MIN_BYTES) continue;
        writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
      }
    },
  };
}
