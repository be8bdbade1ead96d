import type { Config } from './config';
import type { Database } from './db/open';

/**
 * What app.ts hands every interface's plugin. Here rather than in app.ts, so the plugins need not
 * import the module that imports them.
 */
export interface PluginOptions {
  config: Config;
  database: Database;
}
