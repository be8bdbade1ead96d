/**
 * npm run bench:auth — cost of authentication on the trading interface.
 *
 * Starts the real app (buildApp on a fresh file-backed PGlite) in a child process, so the server
 * and the load generator do not share one event loop, then runs autocannon against:
 *   1. GET /time (no authentication: the baseline),
 *   2. GET /api-keys with Level 2 (HMAC) headers: target ≥ 0.5 × the baseline's req/s,
 *   3. GET /api-keys with Level 1 headers: each request gets its own pre-signed, single-use
 *      EIP-712 authorisation (signature recovery + a used-signature insert per request).
 *
 * Env: BENCH_SECONDS (default 10) per scenario, BENCH_CONNECTIONS (10), BENCH_L1_POOL (pre-signed
 * L1 authorisations, default 300 × BENCH_SECONDS), BENCH_PORT (18200). The rate limit is raised
 * for the run with RATE_LIMIT_MAX.
 *
 * Besides req/s it prints the server's CPU time per request (process.cpuUsage of the server child,
 * user + system): on a machine shared with other work, req/s swings with their load, while CPU
 * per request mostly does not. "CPU ratio" = CPU per /time request ÷ CPU per L2 request, the
 * req/s ratio the server would reach if CPU were its only limit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createL1Headers, DEFAULT_CHAIN_ID, type L1Headers } from '../src/contract/auth';
import { type ApiCredentials, createL2Headers } from '../src/contract/auth-l2';
import { ApiKeyCredentials } from '../src/contract/auth-schemas';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const L1_POOL = Number(process.env.BENCH_L1_POOL ?? 300 * SECONDS);
const PORT = Number(process.env.BENCH_PORT ?? 18200);
const CHAIN_ID = DEFAULT_CHAIN_ID;

if (process.argv.includes('--serve')) {
  await serve();
} else {
  await runBenchmark();
}

/** Child mode: the real app, listening until killed. */
async function serve(): Promise<void> {
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { openConfiguredDatabase } = await import('../src/server/db/open');
  const config = loadConfig(process.env);
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
  // The parent asks for the server's CPU time before and after each scenario.
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
  process.send?.('ready');
}

function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []),
      '--import',
      'tsx',
      import.meta.filename,
      '--serve',
    ],
    {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SERVE_WEB: 'false',
        SERVE_GAMMA: 'false',
        LOG_LEVEL: 'warn',
        CHAIN_ID: String(CHAIN_ID),
        SVC_MASTER_KEY: randomBytes(32).toString('hex'),
        RATE_LIMIT_MAX: '1000000000',
        REDIS_URL: '',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the server exited with code ${code}`)));
  });
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failed: number;
  /** Server CPU time (user + system) per request, µs. */
  cpuPerRequest: number;
}

/** The server child's CPU time so far, µs (user + system). */
function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const cpu = (message as { cpu?: NodeJS.CpuUsage }).cpu;
      if (!cpu) return;
      child.off('message', onMessage);
      resolve(cpu.user + cpu.system);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

async function load(
  server: ChildProcess,
  name: string,
  path: string,
  headersFor: () => Record<string, string>,
  options: { amount?: number } = {},
): Promise<Figures> {
  const cpuBefore = await serverCpu(server);
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}/clob${path}`,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: SECONDS }),
    requests: [
      { method: 'GET', path: `/clob${path}`, setupRequest: (req) => ({ ...req, headers: headersFor() }) },
    ],
  });
  const cpuUsed = (await serverCpu(server)) - cpuBefore;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
    cpuPerRequest: cpuUsed / Math.max(1, result.requests.total),
  };
}

async function runBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-auth-'));
  const server = await startServer(dataDir);
  try {
    const base = `http://127.0.0.1:${PORT}/clob`;
    const wallet = privateKeyToAccount(generatePrivateKey());
    const created = await fetch(`${base}/api-keys`, {
      method: 'POST',
      headers: await createL1Headers(wallet, { chainId: CHAIN_ID }),
    });
    const credentials: ApiCredentials = ApiKeyCredentials.parse(await created.json());

    // L2 headers stay valid for 60 s; re-signed every 20 s so long runs keep working.
    let l2Headers = (await createL2Headers(credentials, { method: 'GET', path: '/api-keys' })) as Record<
      string,
      string
    >;
    const refresh = setInterval(() => {
      void createL2Headers(credentials, { method: 'GET', path: '/api-keys' }).then((h) => {
        l2Headers = h as Record<string, string>;
      });
    }, 20_000);

    console.log(`pre-signing ${L1_POOL} single-use L1 authorisations…`);
    const started = Date.now();
    const pool: L1Headers[] = [];
    for (let i = 0; i < L1_POOL; i++)
      pool.push(await createL1Headers(wallet, { chainId: CHAIN_ID, nonce: i }));
    console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    let next = 0;

    const figures: Figures[] = [];
    try {
      // Warm-up, then the measured runs.
      await autocannon({ url: `${base}/time`, connections: CONNECTIONS, duration: 1 });
      figures.push(await load(server, 'GET /time (no auth)', '/time', () => ({})));
      figures.push(await load(server, 'GET /api-keys (L2 HMAC)', '/api-keys', () => l2Headers));
      figures.push(
        await load(
          server,
          'GET /api-keys (L1 EIP-712)',
          '/api-keys',
          () => pool[next++] ?? pool[0] ?? ({} as L1Headers),
          { amount: L1_POOL },
        ),
      );
    } finally {
      clearInterval(refresh);
    }

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per run (L1: ${L1_POOL} requests)\n`);
    console.log('scenario                     req/s     p50 ms  p99 ms  requests  failed  server CPU µs/req');
    for (const f of figures) {
      console.log(
        `${f.name.padEnd(28)} ${f.rps.toFixed(0).padStart(7)} ${String(f.p50).padStart(9)} ${String(f.p99).padStart(7)} ${String(f.requests).padStart(9)} ${String(f.failed).padStart(7)} ${f.cpuPerRequest.toFixed(0).padStart(18)}`,
      );
    }
    const [time, l2, l1] = figures;
    if (time && l2 && l1) {
      console.log(`\nL2 / GET /time req/s ratio: ${(l2.rps / time.rps).toFixed(2)} (target ≥ 0.5)`);
      console.log(
        `L2 / GET /time CPU ratio:   ${(time.cpuPerRequest / l2.cpuPerRequest).toFixed(2)} (CPU per /time request ÷ CPU per L2 request)`,
      );
      console.log(`L1 / GET /time req/s ratio: ${(l1.rps / time.rps).toFixed(2)}`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
