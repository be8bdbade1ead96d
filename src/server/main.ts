import cluster from 'node:cluster';
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app';
import { ChangeSignal } from './change-signal';
import { type Config, ConfigError, chainWarning, loadConfig } from './config';
import { describeFailure } from './describe-failure';
import { DataDirError } from './db/data-dir';
import { refreshEventDocuments } from './catalog/event-documents';
import { type Database, openConfiguredDatabase } from './db/open';
import { catchUpDemoHistories, seedIfEmpty } from '../catalog-tools/seed';
import { shareChanges } from './db/shared-changes';
import { startVacuuming } from './db/vacuum';
import { watchEventLoop } from './event-loop-watch';
import { createLogger, type LogOptions, logOptions, readyLine, serviceUrls, startLine } from './log-output';
import { ensureDashboardBuilt } from './web/build';
import { loadMasterKey, MasterKeyError } from './credentials/master-key';
import { type DemoTraders, startDemoTraders } from '../catalog-tools/demo-traders';
import { checkSignatureBackend } from './signatures/signature';

/** Prepares what every process needs once: the dashboard build, migrations and the demo catalog. */
async function prepare(config: Config): Promise<void> {
  if (config.SERVE_WEB && process.argv.includes('--build-if-needed'))
    await ensureDashboardBuilt((line) => announce(config, line, {}));
}

/** Readable lines at a terminal, JSON lines otherwise (a log collector, a file, a pipe). */
const startLogOptions = (config: Config): LogOptions =>
  logOptions(config.LOG_LEVEL, { readable: process.stdout.isTTY === true });

const seedLog = (options: LogOptions) => {
  const log = createLogger(options);
  return (message: string, details: object) => log.info(details, message);
};

/**
 * Once per start, before any process answers: the demo catalog on an empty database, its price
 * histories continued to now, the events' documents where missing or of an older shape (a data
 * directory from an earlier version), and on PGlite the new indexes' free-space maps.
 */
async function prepareCatalog(database: Database, config: Config, log: LogOptions): Promise<void> {
  const info = seedLog(log);
  await seedIfEmpty(database, config.SEED_EVENTS, info);
  await catchUpDemoHistories(database, info);
  const started = performance.now();
  const written = await refreshEventDocuments(database.db);
  if (written > 0)
    info('event documents written', { events: written, ms: Math.round(performance.now() - started) });
  // The seed rebuilt the catalog's indexes, without free-space maps.
  await database.giveIndexesFreeSpaceMaps?.();
}

async function serve(config: Config): Promise<void> {
  const log = startLogOptions(config);
  const database = await openConfiguredDatabase(config);
  if (cluster.isPrimary) await prepareCatalog(database, config, log);
  const catalogChanged = new ChangeSignal();
  const app = await buildApp({ config, database, logger: log, catalogChanged });

  let closing = false;
  let traders: Promise<DemoTraders | null> | null = null;
  let tradersTimer: NodeJS.Timeout | undefined;
  let stopVacuuming = async () => {};
  // Other processes on this PostgreSQL (workers, or servers side by side) drop their catalog caches
  // when this one's follower writes, and this one when theirs do.
  const stopSharing = config.DATABASE_URL
    ? await shareChanges(config.DATABASE_URL, CATALOG_CHANGES_CHANNEL, catalogChanged, app.log)
    : async () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearTimeout(tradersTimer);
    // The traders are clients of the app: they finish their step and let go of their keys first.
    await (await traders)?.stop();
    await stopVacuuming();
    await app.close();
    await stopSharing();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const bound = app.server.address();
  if (cluster.isPrimary)
    announce(config, readyLine(config, typeof bound === 'object' && bound ? bound.port : config.PORT));
  watchEventLoop(app.log);
  stopVacuuming = startVacuuming(
    database,
    (round) => app.log.debug(round, 'vacuumed the embedded database'),
    (err) => app.log.warn({ err }, 'vacuuming the embedded database failed; the next round tries again'),
  );
  // A moment after listening: starting them takes ~1.5 s of CPU in bursts (wallets, keys, the markets),
  // which the first requests, a browser's first page, should not wait behind.
  if (hostsDemoTraders(config))
    tradersTimer = setTimeout(() => {
      traders = startTraders(app, database, config, catalogChanged);
    }, DEMO_TRADERS_DELAY_MS);
}

/**
 * The demo traders run in one process: the only one, or the first worker (cluster.fork's environment
 * says which), and only where the trading interface is served.
 */
const hostsDemoTraders = (config: Config) =>
  config.SERVE_CLOB && (cluster.isPrimary || process.env[DEMO_TRADERS_HOST] === '1');
const DEMO_TRADERS_HOST = 'MARKETDESK_DEMO_TRADERS_HOST';
const CATALOG_CHANGES_CHANNEL = 'marketdesk_catalog_changed';
const DEMO_TRADERS_DELAY_MS = 3_000;

/**
 * Starts the demo traders (DEMO_TRADERS; by default on a generated demo catalog) as clients of this
 * app: their requests go through its HTTP handling in process (app.inject). Their wallets' keys are
 * derived from the master key, so the same wallets come back at every start and nobody else can sign
 * for them. A failure to start is a warning: the service runs without them.
 */
async function startTraders(
  app: FastifyInstance,
  database: Database,
  config: Config,
  catalogChanged: ChangeSignal,
): Promise<DemoTraders | null> {
  try {
    const master = loadMasterKey({ envKey: config.SVC_MASTER_KEY, dataDir: config.DATA_DIR });
    return await startDemoTraders({
      setting: config.DEMO_TRADERS,
      database,
      send: async ({ method, url, headers, payload }) => {
        const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
        return { statusCode: res.statusCode, body: res.body };
      },
      clobBase: config.CLOB_BASE,
      chainId: config.CHAIN_ID,
      l1DomainName: config.L1_DOMAIN_NAME,
      exchanges: config.exchanges[1],
      walletSecret: createHmac('sha256', master).update('marketdesk/demo-traders/v1').digest(),
      onCatalogChanged: () => catalogChanged.emit(),
      log: (level, message, details) => app.log[level](details ?? {}, message),
    });
  } catch (err) {
    app.log.warn({ err }, 'the demo traders could not start; the service runs without them');
    return null;
  }
}

/**
 * A worker that dies within this long of its start (the database unreachable, say) is replaced after a
 * pause that doubles each time, up to the last; one that lived longer is replaced at once.
 */
const EARLY_EXIT_MS = 10_000;
const REPLACE_AFTER_MS = [0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000];

/**
 * WORKERS>1 (PostgreSQL only): the primary migrates and seeds once, then forks workers that share
 * the port through Node's cluster module, and replaces a worker that dies unexpectedly.
 */
async function runCluster(config: Config): Promise<void> {
  const database = await openConfiguredDatabase(config);
  await prepareCatalog(database, config, startLogOptions(config));
  await database.close();
  const log = createLogger(startLogOptions(config));

  // The kernel hands each connection to a worker, not the primary: in Node's round-robin mode the
  // primary accepts it and passes it on, and a connection in flight to a worker that dies is never
  // answered nor closed (a client without a timeout waits for ever). This way it is reset, which
  // every client handles.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let earlyExits = 0;
  const started = new Map<number, number>();
  const fork = (env?: Record<string, string>) => {
    const worker = cluster.fork(env);
    started.set(worker.id, Date.now());
    return worker;
  };
  // The first worker hosts the demo traders; its replacement takes them over.
  let traderHost = fork({ [DEMO_TRADERS_HOST]: '1' });
  for (let i = 1; i < config.WORKERS; i++) fork();
  // Ready once every worker takes requests, as one process says it once it listens (README).
  let listening = 0;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (listening === 0) {
      // No worker ever listened: the start itself failed (its worker said why, above), and every
      // replacement would fail alike. Stop, as one process does, rather than retry for ever.
      log.fatal({ pid: worker.process.pid, code, signal }, 'a worker could not start: stopping');
      stopping = true;
      process.exitCode = 1;
      for (const other of Object.values(cluster.workers ?? {})) other?.kill('SIGTERM');
      return;
    }
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    earlyExits = lived < EARLY_EXIT_MS ? earlyExits + 1 : 0;
    const pause = REPLACE_AFTER_MS[Math.min(earlyExits, REPLACE_AFTER_MS.length - 1)]!;
    log.error(
      { pid: worker.process.pid, code, signal, livedMs: lived, replaceInMs: pause },
      `worker ${worker.process.pid} exited (${signal ?? code}); starting another${pause ? ` in ${pause / 1000} s` : ''}`,
    );
    const hostedTraders = worker === traderHost;
    setTimeout(() => {
      if (stopping) return;
      if (hostedTraders) traderHost = fork({ [DEMO_TRADERS_HOST]: '1' });
      else fork();
    }, pause);
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  cluster.on('listening', (_worker, address) => {
    if (++listening === config.WORKERS)
      announce(config, `${readyLine(config, address.port)} (${config.WORKERS} workers)`);
  });
}

/** A plain line for a person at a terminal; a log record (with the URLs as fields) for a collector. */
function announce(config: Config, line = startLine(config), details: object = serviceUrls(config)): void {
  const options = startLogOptions(config);
  if (options.stream) console.log(line);
  else createLogger(options).info(details, line);
}

/**
 * Warnings once per start: a chain id whose signatures are valid on the reference's real-money
 * exchange, and order signatures checked by the slow pure-JS secp256k1 fallback.
 */
function warnAtStart(config: Config): void {
  const log = createLogger(startLogOptions(config));
  const warning = chainWarning(config);
  if (warning) log.warn({ chainId: config.CHAIN_ID }, warning);
  if (config.SERVE_CLOB) checkSignatureBackend(log);
}

async function main(): Promise<void> {
  const config = loadConfig();
  // First, before the build and the seeding that a first start spends time on: where to go.
  if (cluster.isPrimary) announce(config);
  if (cluster.isPrimary) warnAtStart(config);
  if (cluster.isPrimary) await prepare(config);
  if (cluster.isPrimary && config.WORKERS > 1) return runCluster(config);
  return serve(config);
}

main().catch((err: unknown) => {
  const message =
    err instanceof ConfigError || err instanceof DataDirError || err instanceof MasterKeyError
      ? err.message
      : `Marketdesk could not start: ${describeFailure(err)}`;
  // A plain line at a terminal; a log record where a collector reads the output (as every other line),
  // on stderr as before.
  if (process.stdout.isTTY) console.error(message);
  else
    pino(logOptions('info', { readable: false }), pino.destination({ dest: 2, sync: true })).fatal(message);
  process.exit(1);
});
