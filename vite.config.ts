import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './src/server/web/vite-precompress.ts';

/** The framework and the app's catalog code: every module but the Keys page's (src/app/features/keys, routes/keys.lazy, wallet libraries). */
const CATALOG_CODE =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]|src[\\/]app[\\/](main|router|routeTree\.gen)\.tsx?$|src[\\/]app[\\/](lib|components|features[\\/]catalog)[\\/]|src[\\/]app[\\/]routes[\\/](?!keys\.lazy)|vite\/preload-helper/;

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
    rolldownOptions: {
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
