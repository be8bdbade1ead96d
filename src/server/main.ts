import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { ensureDashboardBuilt } from './web/build';
import { openDatabase } from './db/open';
import { seedIfEmpty } from './cli/seed';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.SERVE_WEB && process.argv.includes('--build-if-needed')) await ensureDashboardBuilt();

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await seedIfEmpty(database, config.SEED_EVENTS);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Marketdesk could not start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
