import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_CHAIN_ID, DEFAULT_L1_DOMAIN_NAME, REAL_MONEY_CHAIN_ID } from '../contract/auth';
import { type ExchangeAddresses, type OrderVersion, referenceExchanges } from '../contract/orders';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const mountPath = z
  .string()
  .regex(/^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/, 'must be a path like /gamma (no trailing slash)');

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
  .transform((a) => a as `0x${string}`);

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
  /** EIP-712 chain id of L1 authorisations and orders: the reference's test network by default. */
  CHAIN_ID: z.coerce.number().int().positive().default(DEFAULT_CHAIN_ID),
  /**
   * The verifying contracts of orders (docs/api.md, Signed orders), per order version (1: the legacy
   * client's, 2: the SDK's) and market kind; default: the reference clients' own for CHAIN_ID.
   */
  EXCHANGE_ADDRESS_V1: address.optional(),
  NEG_RISK_EXCHANGE_ADDRESS_V1: address.optional(),
  EXCHANGE_ADDRESS_V2: address.optional(),
  NEG_RISK_EXCHANGE_ADDRESS_V2: address.optional(),
  /** EIP-712 domain name of L1 signatures; another name than the reference clients' makes them incompatible. */
  L1_DOMAIN_NAME: z
    .string()
    .regex(/^[\x20-\x7e]{1,64}$/, 'must be 1 to 64 printable ASCII characters')
    .default(DEFAULT_L1_DOMAIN_NAME),
  /** Which peers may tell the client's address in X-Forwarded-For: off, a hop count, or addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Hex or base64 server key for encrypting secrets at rest; default: a 0600 file in DATA_DIR. */
  SVC_MASTER_KEY: z.string().min(32).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Requests per client IP per 10 s on {clob_url}/api-keys (docs/api.md §5: 100); raised only for benchmarks. */
  /** Paper USDC granted to an address with its first API key (0: none). */
  PAPER_COLLATERAL: z.coerce.number().min(0).max(1_000_000_000).default(1000),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(100),
  /** Live channels (docs/api.md, Live channels): open connections per client address, per process. */
  LIVE_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Live channels: bytes a connection may leave unread before it is dropped as a slow reader. */
  LIVE_SEND_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Threads per process that check order signatures (0: the server's own thread). */
  SIGNATURE_THREADS: z.coerce.number().int().min(0).max(16).default(1),
  /** Which interfaces this process serves (each can run alone). */
  SERVE_GAMMA: bool.default(true),
  SERVE_CLOB: bool.default(true),
  SERVE_WEB: bool.default(true),
  /** Demo catalog size generated on the first start of an empty database (0: none). */
  SEED_EVENTS: z.coerce.number().int().min(0).max(200_000).default(3000),
  /**
   * The demo traders (src/catalog-tools/demo-traders): `on` or `off` forces them; unset, they trade when
   * the catalog is the generated demo, never on an imported or synced one.
   */
  DEMO_TRADERS: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  /**
   * The API URLs the dashboard was built with (src/app/lib/config.ts) when it talks to another
   * deployment: the server lets pages connect to them (CSP) and preloads no same-origin data then.
   */
  VITE_GAMMA_URL: z.string().optional(),
  VITE_CLOB_URL: z.string().optional(),
});

/**
 * Fastify's `trustProxy`: off, the addresses/CIDRs of the proxies, or, for a hop count, a function
 * trusting that many hops (Fastify itself now refuses a bare number: a client that reaches the
 * server directly could then choose its own address, see parseTrustProxy).
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export type Config = z.infer<typeof Env> & {
  corsOrigins: string[];
  trustProxy: TrustProxy;
  /** Where orders of each version are verified: `exchange`, or `negRiskExchange` for negRisk markets. */
  exchanges: Record<OrderVersion, ExchangeAddresses>;
};

export class ConfigError extends Error {}

/** Parses the environment once; every bad variable (or value) gets one line saying what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const lines: string[] = [];
  const parsed = Env.safeParse(cleaned);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      lines.push(`${name}=${shownValue(name, cleaned[name] ?? '')}: ${issue.message}`);
    }
  }
  const trust = parseTrustProxy(cleaned.TRUST_PROXY);
  for (const bad of trust.problems) lines.push(`TRUST_PROXY=${JSON.stringify(bad.value)}: ${bad.message}`);
  if (!parsed.success || trust.problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  if (c.WORKERS > 1 && !c.DATABASE_URL) {
    lines.push('WORKERS>1 needs DATABASE_URL: the embedded database can be opened by one process only.');
  }
  if (c.WORKERS > 1 && !c.REDIS_URL) {
    lines.push(
      `WORKERS>1 needs REDIS_URL (redis://…): without it a socket on one worker would not hear the trades and orders of the others (the live channels), and each worker would count the /api-keys rate limit on its own (${c.RATE_LIMIT_MAX} × ${c.WORKERS} per client).`,
    );
  }
  const exchanges = {
    1: exchangesOf(1, c.CHAIN_ID, c.EXCHANGE_ADDRESS_V1, c.NEG_RISK_EXCHANGE_ADDRESS_V1, lines),
    2: exchangesOf(2, c.CHAIN_ID, c.EXCHANGE_ADDRESS_V2, c.NEG_RISK_EXCHANGE_ADDRESS_V2, lines),
  };
  if (lines.length > 0) throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  return {
    ...c,
    corsOrigins: c.CORS_ORIGINS ? splitOrigins(c.CORS_ORIGINS) : defaultOrigins(c.HOST, c.PORT),
    trustProxy: trust.value,
    exchanges,
  };
}

/** An order version's exchanges: the configured ones, else the reference clients' for the chain. */
function exchangesOf(
  version: OrderVersion,
  chainId: number,
  exchange: `0x${string}` | undefined,
  negRiskExchange: `0x${string}` | undefined,
  lines: string[],
): ExchangeAddresses {
  const reference = referenceExchanges(version, chainId);
  const chosen = {
    exchange: exchange ?? reference?.exchange,
    negRiskExchange: negRiskExchange ?? reference?.negRiskExchange,
  };
  if (chosen.exchange && chosen.negRiskExchange) return chosen as ExchangeAddresses;
  lines.push(
    `CHAIN_ID=${chainId}: the reference clients have no version-${version} exchange on this chain; set EXCHANGE_ADDRESS_V${version} and NEG_RISK_EXCHANGE_ADDRESS_V${version}.`,
  );
  return { exchange: '0x', negRiskExchange: '0x' };
}

/**
 * The one start-up warning about the chain: with the reference's real-money chain, what is signed for
 * this service (L1 authorisations, and orders for the reference's exchanges) is valid there too.
 */
export function chainWarning(config: Pick<Config, 'CHAIN_ID'>): string | null {
  if (config.CHAIN_ID !== REAL_MONEY_CHAIN_ID) return null;
  return `CHAIN_ID=${REAL_MONEY_CHAIN_ID}: signatures made for this service (key authorisations, orders) are then also valid on the reference's real-money exchange on Polygon; unless that is meant, leave CHAIN_ID at its default, ${DEFAULT_CHAIN_ID}.`;
}

/** Variables whose value is never printed, not even when it is wrong. */
const SECRET_VARIABLES = new Set(['SVC_MASTER_KEY']);

/** A variable's value as an error line may show it: never key material, URLs without passwords. */
function shownValue(name: string, value: string): string {
  if (SECRET_VARIABLES.has(name)) return `(${value.length} characters, not shown)`;
  return JSON.stringify(maskUrlSecrets(value));
}

/**
 * The text with a URL's user-info masked (`postgres://user:***@host`; a user-info without a colon,
 * which may be a token, becomes `***`) and password-like query parameters blanked. Everything up to
 * the last `@` counts as user-info: a password with an unencoded `/` or `@` stays hidden too.
 */
export function maskUrlSecrets(text: string): string {
  return text
    .replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)(.*)@/s, (_match, scheme: string, info: string) => {
      const colon = info.indexOf(':');
      return `${scheme}${colon === -1 ? '***' : `${info.slice(0, colon)}:***`}@`;
    })
    .replace(/([?&][^=&#]*(?:pass|secret|token|key)[^=&#]*=)[^&#]*/gi, '$1***');
}

/** proxy-addr's names for address ranges, which Fastify's trustProxy understands. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

/**
 * TRUST_PROXY: unset, `false` or `0` → off; a hop count (`1`: one proxy in front, whose
 * X-Forwarded-For entry is the client: only where nothing but the proxies can reach the server,
 * since a hop count trusts whoever connects); or a comma-separated list of proxy addresses, CIDR ranges or
 * proxy-addr range names (`loopback`, `linklocal`, `uniquelocal`). Trusting every peer is refused: any
 * client could then pick its own address and escape the rate limit.
 */
export function parseTrustProxy(raw: string | undefined): {
  value: TrustProxy;
  problems: { value: string; message: string }[];
} {
  const text = raw?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return { value: false, problems: [] };
  if (/^[0-9]+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_PROXY_HOPS
      ? { value: (_address, hop) => hop < hops, problems: [] }
      : { value: false, problems: [{ value: text, message: `a hop count is at most ${MAX_PROXY_HOPS}` }] };
  }
  const problems: { value: string; message: string }[] = [];
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = proxyEntryProblem(entry);
    if (problem) problems.push({ value: entry, message: problem });
  }
  return { value: problems.length === 0 ? entries : false, problems };
}

function proxyEntryProblem(entry: string): string | null {
  if (entry === '') return 'an empty entry; separate addresses with single commas';
  if (['true', '*', 'all', 'yes'].includes(entry.toLowerCase())) {
    return 'trusting every peer would let any client choose its own address; give the number of proxies in front (1) or their addresses';
  }
  if (PROXY_RANGE_NAMES.has(entry)) return null;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) {
    return 'not an IP address, a CIDR range (10.0.0.0/8, fd00::/8) or one of loopback, linklocal, uniquelocal';
  }
  if (prefix === undefined) return null;
  const bits = family === 4 ? 32 : 128;
  if (!/^[0-9]{1,3}$/.test(prefix) || Number(prefix) > bits) return `the prefix length must be 1 to ${bits}`;
  if (Number(prefix) === 0) {
    return 'a /0 range trusts every peer, which would let any client choose its own address; list the proxies';
  }
  return null;
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
