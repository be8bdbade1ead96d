import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { PAGE_CHUNKS } from './src/server/web/page-chunks.ts';
import { precompress } from './src/server/web/vite-precompress.ts';

/**
 * The framework and the app's catalog code: every module but the wallet pages' (src/app/features/keys,
 * lib/wallet, the trading ticket, the Portfolio, their lazy routes, wallet libraries).
 */
const CATALOG_CODE =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]|src[\\/]app[\\/](main|app|first-view|router|routeTree\.gen)\.tsx?$|src[\\/]app[\\/](lib[\\/](?!wallet[\\/])|components|features[\\/]catalog)[\\/]|src[\\/]app[\\/]routes[\\/](?!(keys|portfolio)\.lazy)|vite\/preload-helper/;

/**
 * The framework modules only the wallet pages use (wagmi's and the Keys page's mutations, the Keys page's
 * leave guard): the `app` group would take every framework module, used on first load or not.
 */
const WALLET_ONLY_FRAMEWORK =
  /node_modules[\\/]@tanstack[\\/](query-core[\\/].*[\\/]mutationObserver|react-query[\\/].*[\\/]useMutation|react-router[\\/].*[\\/]useBlocker)\.js$/;

const pageCode = (id: string) => PAGE_CHUNKS.some(({ code }) => code.test(id));

/**
 * What the catalog pages load only once hydrated (the live connection, the rows' live variant, the
 * keyboard shortcuts), kept out
 * of their first load; the trading feature's panels are lazy chunks of their own.
 */
const AFTER_HYDRATION =
  /src[\\/]app[\\/](components[\\/]shortcuts|lib[\\/](live[\\/]|use-visible)|features[\\/]catalog[\\/](live-prices|components[\\/]live-row-feed))|src[\\/]engine[\\/]/;
/**
 * The trading feature: its small shells come with the event page (the app group), its panels load after
 * hydration. The ticket (wallet code) is not in that group: it is a lazy chunk the book panel asks for.
 */
const TRADING_CODE = /src[\\/]app[\\/]features[\\/]trading[\\/](?!ticket[\\/])/;

/** The dashboard's server build: the first view rendered by the server (src/app/entry-server.tsx). */
export const SERVER_ENTRY = 'src/app/entry-server.tsx';
/** Where it goes, inside the dashboard's own output folder (so `--outDir` moves both). */
export const SERVER_OUT_DIR = 'server';

/**
 * The server build (`vite build` only): its output folder under the client's `build.outDir` (default
 * dist, CLI flag included), and the renderer self-contained, React, the router and the app bundled
 * in, so the server needs none of them installed and loads only dist/server (nothing of src/app).
 * Build only: Vitest runs the server's tests in this same environment, where bundling every package
 * and forcing production mode would change what they test.
 */
function serverBuild(): Plugin {
  return {
    name: 'marketdesk:server-build',
    config: (config, { command }) =>
      command === 'build'
        ? {
            environments: {
              ssr: {
                resolve: { noExternal: true },
                // React and the router pick their production builds, as in the browser.
                define: { 'process.env.NODE_ENV': JSON.stringify('production') },
                build: { outDir: join(config.build?.outDir ?? 'dist', SERVER_OUT_DIR) },
              },
            },
          }
        : {},
  };
}

/** Compresses the browser's files while the server's renderer builds (vite-precompress.ts). */
const compressed = precompress();

export default defineConfig({
  plugins: [
    // File routes under src/app/routes; must run before react() so split route chunks get the JSX transform.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A page's skeleton travels with its component (its kind's chunk, src/server/web/page-chunks.ts).
      codeSplittingOptions: {
        defaultBehavior: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: 'src/app/routes',
      generatedRouteTree: 'src/app/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    compressed,
    serverBuild(),
  ],
  resolve: {
    alias: [
      // React 18+ has useSyncExternalStore: the router's store needs only the selector wrapper, not the
      // shim for React 17. One copy for all (wagmi has an older one of its own): it is in the first load.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: fileURLToPath(import.meta.resolve('use-sync-external-store/with-selector.js')),
      },
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser the dashboard targets (ES2020+ modules) knows <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A slow plugin on a busy machine is not a defect of the build: that warning only says how
      // long the machine took (5.4 s of Tailwind on a loaded CI once), and a first start must print none.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the catalog pages run, in one file: split per route it was ten requests of
              // which each page needed nine, and separately compressed files are bigger than one.
              // The Keys page (its wallet libraries) stays in its own lazy chunk.
              name: 'app',
              test: (id: string) =>
                CATALOG_CODE.test(id) &&
                !AFTER_HYDRATION.test(id) &&
                !WALLET_ONLY_FRAMEWORK.test(id) &&
                !pageCode(id),
            },
            // Each kind of catalog page's own code (after the app's: a group takes what its modules
            // import that no earlier group took).
            ...PAGE_CHUNKS.map(({ name, code }) => ({
              name,
              test: (id: string) => code.test(id) && !AFTER_HYDRATION.test(id),
            })),
            {
              // What the pages load once hydrated (the live connection, what reads it, the trading
              // panels), as one chunk: one request, and one name in each lazy import's list.
              name: 'live',
              test: (id: string) => AFTER_HYDRATION.test(id) || TRADING_CODE.test(id),
            },
          ],
        },
      },
    },
  },
  // `vite build` builds both: the browser's files into dist/, then the server's renderer into dist/server/
  // (after, since the browser build empties dist/). npm start's build and the tests run this same step.
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
      await compressed.settled();
    },
  },
  environments: {
    ssr: {
      // The Keys page (wallet code) stays in a chunk of its own that the server never loads: it is
      // rendered in the browser only.
      build: {
        ssr: SERVER_ENTRY,
        copyPublicDir: false,
        emptyOutDir: true,
        rolldownOptions: { checks: { bundlerTimings: false }, output: { entryFileNames: 'entry-server.js' } },
      },
    },
  },
  server: {
    proxy: { '/gamma': 'http://127.0.0.1:8080', '/clob': 'http://127.0.0.1:8080' },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          globalSetup: ['src/server/test/global-setup.ts'],
          environment: 'node',
          include: [
            'src/server/**/*.test.ts',
            'src/catalog-tools/**/*.test.ts',
            'src/contract/**/*.test.ts',
            'src/engine/**/*.test.ts',
            'src/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/app/**/*.test.{ts,tsx}'],
          setupFiles: ['src/app/test/setup.ts'],
        },
      },
    ],
  },
});
