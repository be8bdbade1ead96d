import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const mountPath = z
  .string()
  .regex(/^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/, 'must be a path like /gamma (no trailing slash)');

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  GAMMA_BASE: mountPath.default('/gamma'),
  CLOB_BASE: mountPath.default('/clob'),
  /** The origin people reach the dashboard at (behind a proxy, say): what shared links and previews point at. */
  PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/?#\s]+$/,
      'must be an origin like https://markets.example.com (no path or trailing slash)',
    )
    .optional(),
  /** Comma-separated origins allowed on the trading interface; default: the dashboard's own. */
  CORS_ORIGINS: z.string().optional(),
  CHAIN_ID: z.coerce.number().int().positive().default(137),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Hex or base64 server key for encrypting secrets at rest; default: a 0600 file in DATA_DIR. */
  SVC_MASTER_KEY: z.string().min(32).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Requests per client IP per 10 s on {clob_url}/api-keys (docs/api.md §5: 100); raised only for benchmarks. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(100),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Which interfaces this process serves (each can run alone). */
  SERVE_GAMMA: bool.default(true),
  SERVE_CLOB: bool.default(true),
  SERVE_WEB: bool.default(true),
  /** Demo catalog size generated on the first start of an empty database (0: none). */
  SEED_EVENTS: z.coerce.number().int().min(0).max(200_000).default(3000),
});

export type Config = z.infer<typeof Env> & { corsOrigins: string[] };

export class ConfigError extends Error {}

/** Parses the environment once; every bad variable gets one line saying what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `${i.path.join('.')}=${JSON.stringify(cleaned[String(i.path[0])] ?? '')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  if (c.WORKERS > 1 && !c.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS>1 needs DATABASE_URL: the embedded database can be opened by one process only.',
    );
  }
  return {
    ...c,
    corsOrigins: c.CORS_ORIGINS ? splitOrigins(c.CORS_ORIGINS) : defaultOrigins(c.HOST, c.PORT),
  };
}

function splitOrigins(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/** docs/api.md §1: the dashboard's own origin, plus localhost when bound to loopback. */
export function defaultOrigins(host: string, port: number): string[] {
  const origins = [`http://${host.includes(':') ? `[${host}]` : host}:${port}`];
  if (host === '127.0.0.1' || host === '::1' || host === 'localhost')
    origins.push(`http://localhost:${port}`);
  return [...new Set(origins)];
}
