import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { ReplyError } from '../errors';

/**
 * The /api-keys rate limit (docs/api.md §5): RATE_LIMIT_MAX requests per client per fixed 10 s window.
 * The client is request.ip, which Fastify takes from X-Forwarded-For only for the proxies TRUST_PROXY
 * names; IPv6 clients count per /64 (one host usually holds a whole /64). With REDIS_URL the count is
 * shared by every process; while Redis cannot be reached each process counts on its own, so the
 * limit never switches off.
 */
export async function registerRateLimit(
  scope: FastifyInstance,
  config: Config,
  /** This database's deployment id (db/deployment.ts): other deployments on the Redis count apart. */
  deployment: string,
): Promise<void> {
  const redis = config.REDIS_URL ? await connectRedis(scope, config.REDIS_URL) : undefined;
  await scope.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: 10_000,
    hook: 'onRequest',
    // The library's own key: request.ip, IPv4-mapped IPv6 as IPv4, IPv6 masked to its /64.
    ipv6Subnet: 64,
    ...(redis
      ? { store: redisOrLocal(redis.client, redis.outage, `marketdesk:rate-limit:${deployment}:clob:`) }
      : {}),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
    addHeaders: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ReplyError(
        'RATE_LIMITED',
        `Too many requests to the API-key paths (/api-keys, /auth/…) from this IP address: at most ${context.max} per 10 s; retry in ${seconds} s (Retry-After).`,
        { 'Retry-After': String(seconds) },
      );
    },
  });
}

/** One warning when Redis becomes unusable and one line when it is back: never one per request. */
export class RedisOutage {
  private down = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  failed(err: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { err: { message: err instanceof Error ? err.message : String(err) } },
      'rate-limit store (Redis) unavailable: each process counts the /api-keys limit on its own until Redis answers again',
    );
  }

  recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('rate-limit store (Redis) is back: the /api-keys limit is shared again');
  }

  get isDown(): boolean {
    return this.down;
  }
}

async function connectRedis(scope: FastifyInstance, url: string) {
  // Imported only when used (~0.1 s of every start otherwise).
  const { Redis } = await import('ioredis');
  // Fail fast while Redis is away (the per-process count takes over) instead of queueing requests.
  const client = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  const outage = new RedisOutage(scope.log);
  client.on('error', (err) => outage.failed(err));
  client.on('ready', () => outage.recovered());
  scope.addHook('onClose', async () => {
    await client.quit().catch(() => client.disconnect());
  });
  // Start counting in Redis from the first request: wait (briefly) for the connection.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', done);
    client.once('error', done);
  });
  return { client, outage };
}

/** The library's stores (CommonJS files without type declarations of their own). */
type StoreResult = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: StoreResult) => void;
interface Store {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  cache?: number,
) => Store;

/** Counts in Redis; when a Redis call fails, in this process's memory (the library's LocalStore). */
class RedisOrLocal implements FastifyRateLimitStore {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly outage: RedisOutage,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.call('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.call('read', key, callback, timeWindow, max);
  }

  child(routeOptions: unknown): RedisOrLocal {
    return new RedisOrLocal(this.shared.child(routeOptions), this.local.child(routeOptions), this.outage);
  }

  private call(
    method: 'incr' | 'read',
    key: string,
    callback: StoreCallback,
    timeWindow: number,
    max: number,
  ): void {
    this.shared[method](
      key,
      (err, result) => {
        if (!err) {
          this.outage.recovered();
          return callback(null, result);
        }
        this.outage.failed(err);
        this.local[method](key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }
}

function redisOrLocal(redis: Redis, outage: RedisOutage, namespace: string): FastifyRateLimitStoreCtor {
  return class extends RedisOrLocal {
    constructor(options: StoreOptions) {
      super(
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, namespace),
        new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache),
        outage,
      );
    }
  };
}
