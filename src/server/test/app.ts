import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/open';
import { openTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh test database; env overrides as strings, like the real environment. */
export async function buildTestApp(env: Record<string, string> = {}, database?: Database): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SERVE_WEB: 'false', ...env });
  const db = database ?? (await openTestDatabase());
  const app = await buildApp({ config, database: db });
  return {
    app,
    database: db,
    config,
    async close() {
      await app.close();
      if (!database) await db.close();
    },
  };
}
