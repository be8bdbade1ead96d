import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './src/server/web/vite-precompress';

/** The framework and the app's catalog code: every module but the Keys page's (src/app/features/keys, routes/keys.lazy, wallet libraries). */
const CATALOG_CODE =
  /node_modules[\\/](preact|@tanstack|use-sync-external-store)[\\/]|src[\\/]app[\\/](main|router|routeTree\.gen)\.tsx?$|src[\\/]app[\\/](lib|components|features[\\/]catalog)[\\/]|src[\\/]app[\\/]routes[\\/](?!keys\.lazy)|vite\/preload-helper/;

/**
 * The dashboard is written against React's API and runs on Preact's implementation of it (preact/compat)
 * in the browser: React's runtime alone was 68 kB gzip of the 110 kB budget for a catalog page; Preact's
 * is about 10. Dev server and build both use it, and the end-to-end tests drive that build. The
 * component tests stay on React itself: Vitest leaves the libraries in node_modules to Node, which
 * would load React for them beside the app's Preact (two runtimes in one tree).
 */
const PREACT_FOR_REACT = process.env.VITEST
  ? []
  : [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ];

export default defineConfig({
  plugins: [
    // File routes under src/app/routes; must run before react() so split route chunks get the JSX transform.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/app/routes',
      generatedRouteTree: 'src/app/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    precompress(),
  ],
  resolve: {
    alias: [
      ...PREACT_FOR_REACT,
      // React 18+ has useSyncExternalStore: the router's store needs only the selector wrapper, not the shim for React 17.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser the dashboard targets (ES2020+ modules) knows <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: the server modulepreloads each page's route chunks with its HTML (src/server/web/route-chunks.ts).
    manifest: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // The router reads React 19's `use` where there is one and does without it (Preact has none).
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.id?.includes('@tanstack/react-router')) return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the catalog pages run, in one file: split per route it was ten requests of
              // which each page needed nine, and separately compressed files are bigger than one.
              // The Keys page (its wallet libraries) stays in its own lazy chunk.
              name: 'app',
              test: CATALOG_CODE,
            },
          ],
        },
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
