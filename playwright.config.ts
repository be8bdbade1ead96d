import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

const port = Number(process.env.E2E_PORT ?? 4173);

/** E2E runs the real server (built dashboard, embedded database in a fresh directory) in Debian's Chromium. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    // prepare-data seeds the fresh directory and imports the fixture exports (incl. a hostile-text event).
    command: `rm -rf .e2e-data/${port} && tsx e2e/support/prepare-data.ts && node src/server/start.mjs`,
    url: `http://127.0.0.1:${port}/gamma/events?limit=1`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `.e2e-data/${port}`,
      LOG_LEVEL: 'warn',
      SEED_EVENTS: '400',
      // The browser tests read a catalog that holds still (the demo traders would move its prices).
      DEMO_TRADERS: 'off',
    },
  },
});
