import type { ChangeSignal } from './change-signal';
import type { Config } from './config';
import type { Database } from './db/open';

/**
 * What app.ts hands every interface's plugin. Here rather than in app.ts, so the plugins need not
 * import the module that imports them.
 */
export interface PluginOptions {
  config: Config;
  database: Database;
  /** Raised when the exchange rewrites catalog prices: caches of catalog answers drop what they hold. */
  catalogChanged?: ChangeSignal;
}
