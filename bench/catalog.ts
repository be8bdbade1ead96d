/**
 * Catalog benchmark (`npm run bench:catalog`; prints figures, is not a test).
 *
 * 1. Generates a BENCH_EVENTS-event demo catalog (default 100,000; ~4 markets each) into a PGlite
 *    data directory under ./data (reused on later runs while the event count matches).
 * 2. Starts the real server on it (a child process: `src/server/main.ts`) and, for three views,
 *    runs wrk with BENCH_CONNECTIONS (32) for BENCH_SECONDS (15): top-by-volume, a tag view,
 *    and an offset-5000 page, each asked for as a browser does (Accept-Encoding: br, gzip), and the
 *    top list once more without compression for reference.
 * 3. Starts a plain Fastify server answering the same bytes pre-serialized (the ceiling) and runs
 *    the same load against it right after each view's run on the server (needs wrk: apt-get install wrk).
 * Prints req/s, p50, p99, the ratio to the ceiling, the first (uncached) response time and RSS.
 * 4. Keyset against offset pages at depth 90,000, and a full walk with the reference SDK
 *    (bench/keyset.ts), after a page of 100 of each of the dashboard's lists, first and at 90% of
 *    its length. BENCH_ONLY=keyset runs only this part; BENCH_ONLY=presets only the lists.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { measureKeyset } from './keyset';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR ?? join(root, 'data', `bench-catalog-${EVENTS}`));
const READY_FILE = `${DATA_DIR}.json`;
const APP_PORT = 18_101;
const CEILING_PORT = 18_102;
const HOST = '127.0.0.1';

interface Scenario {
  name: string;
  path: string;
  /** The Accept-Encoding the client sends ('' for none). */
  accept: string;
}

/** What a browser sends (Chromium 156). */
const BROWSER_ACCEPT = 'gzip, deflate, br, zstd';
const TOP = '/gamma/events?active=true&closed=false&order=volume&ascending=false&limit=100';
const SCENARIOS: Scenario[] = [
  { name: 'top by volume', path: TOP, accept: BROWSER_ACCEPT },
  {
    name: 'tag view',
    path: '/gamma/events?tag_slug=politics&active=true&order=volume24hr&ascending=false&limit=20',
    accept: BROWSER_ACCEPT,
  },
  { name: 'offset 5000', path: '/gamma/events?limit=20&offset=5000', accept: BROWSER_ACCEPT },
  // For reference: a client that does not accept compression gets the ~4x larger identity body.
  { name: 'top, uncompressed', path: TOP, accept: '' },
];

async function main(): Promise<void> {
  const catalog = await ensureCatalog();
  console.log(
    `catalog: ${catalog.events.toLocaleString('en')} events, ${catalog.markets.toLocaleString('en')} markets in ${DATA_DIR}`,
  );
  console.log(
    `load: ${CONNECTIONS} connections × ${SECONDS} s per run (wrk, one thread); 2-core machine, shared\n`,
  );

  const app = await startChild(
    ['node_modules/.bin/tsx', 'src/server/main.ts'],
    {
      PORT: String(APP_PORT),
      HOST,
      DATA_DIR,
      SERVE_WEB: 'false',
      SEED_EVENTS: '0',
      LOG_LEVEL: 'warn',
      // Measured alone: the demo traders (on for a generated catalog) would share the server's time.
      DEMO_TRADERS: 'off',
    },
    APP_PORT,
  );
  const bodies: Record<string, CeilingBody> = {};
  const firsts: Record<string, { firstMs: number; bytes: number; coding: string }> = {};
  const appResults: Record<string, Figures> = {};
  const ceilingResults: Record<string, Figures> = {};
  let ceiling: ChildProcess | undefined;
  let appRss = '';
  let ceilingRss = '';
  const bodyFile = join(tmpdir(), `bench-catalog-bodies-${process.pid}.json`);
  try {
    if (process.env.BENCH_ONLY !== 'keyset' && process.env.BENCH_ONLY !== 'presets') {
      await measureLoad();
    }
    await measureKeyset(`http://${HOST}:${APP_PORT}`);
  } finally {
    appRss = `${rssOf(app)} (peak ${peakOf(app)})`;
    app.kill('SIGTERM');
    if (ceiling) {
      ceilingRss = rssOf(ceiling);
      ceiling.kill('SIGTERM');
    }
    rmSync(bodyFile, { force: true });
  }
  if (process.env.BENCH_ONLY === 'keyset' || process.env.BENCH_ONLY === 'presets') return;

  async function measureLoad(): Promise<void> {
    // The first (uncached) answers, whose bytes the ceiling then serves.
    for (const scenario of SCENARIOS) {
      const started = performance.now();
      const response = await getRaw(APP_PORT, scenario);
      const firstMs = performance.now() - started;
      if (response.status !== 200) throw new Error(`${scenario.path} → ${response.status}: ${response.body}`);
      bodies[ceilingKey(scenario.accept, scenario.path)] = {
        base64: response.body.toString('base64'),
        coding: response.coding,
      };
      firsts[scenario.name] = { firstMs, bytes: response.body.length, coding: response.coding ?? 'identity' };
    }
    writeFileSync(bodyFile, JSON.stringify(bodies));
    ceiling = await startChild(
      ['node_modules/.bin/tsx', 'bench/catalog.ts', '--ceiling', bodyFile],
      {},
      CEILING_PORT,
    );
    // Server and ceiling back to back per view, so that both see the same machine.
    for (const scenario of SCENARIOS) {
      load(APP_PORT, scenario, 1); // warm-up
      appResults[scenario.name] = load(APP_PORT, scenario, SECONDS);
      load(CEILING_PORT, scenario, 1);
      ceilingResults[scenario.name] = load(CEILING_PORT, scenario, SECONDS);
    }
  }

  const rows = SCENARIOS.map(({ name }) => {
    const a = appResults[name]!;
    const c = ceilingResults[name]!;
    const first = firsts[name]!;
    return {
      view: name,
      coding: first.coding,
      'body KiB': (first.bytes / 1024).toFixed(1),
      'first (uncached) ms': first.firstMs.toFixed(1),
      'req/s': Math.round(a.rps),
      'p50 ms': a.p50,
      'p99 ms': a.p99,
      'ceiling req/s': Math.round(c.rps),
      'ceiling p99 ms': c.p99,
      ratio: (a.rps / c.rps).toFixed(2),
      errors: a.errors + a.non2xx,
    };
  });
  console.table(rows);
  console.log(`RSS after the runs: server ${appRss}, ceiling server ${ceilingRss}`);
  const top = rows[0]!;
  console.log(
    `targets (top list): p99 ≤ 50 ms → ${top['p99 ms']} ms ${top['p99 ms'] <= 50 ? 'OK' : 'MISSED'}; ratio ≥ 0.5 → ${top.ratio} ${Number(top.ratio) >= 0.5 ? 'OK' : 'MISSED'}`,
  );
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * One closed-loop run of wrk (C, one thread: one core for the client, one for the server). Not
 * autocannon: it decodes every response body into a string, which for these 100–350 KB lists costs
 * more than the server's whole answer (measured: ~430 req/s from autocannon against ~11,500 from wrk,
 * same server, same bytes), so it measured itself rather than the server.
 */
function load(port: number, scenario: Scenario, seconds: number): Figures {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '--timeout', '5s'];
  if (scenario.accept) args.push('-H', `Accept-Encoding: ${scenario.accept}`);
  let out: string;
  try {
    out = execFileSync('wrk', [...args, `http://${HOST}:${port}${scenario.path}`], { encoding: 'utf8' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('wrk is not installed: apt-get install wrk (Debian) or brew install wrk.');
    throw err;
  }
  const number = (pattern: RegExp) => Number(out.match(pattern)?.[1] ?? Number.NaN);
  const socketErrors = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: latencyMs(out, '50%'),
    p99: latencyMs(out, '99%'),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/) || 0,
  };
}

/** A percentile of wrk's latency distribution (printed as 812.00us, 5.69ms or 1.02s), in ms. */
function latencyMs(out: string, percentile: string): number {
  const match = out.match(new RegExp(`^\\s+${percentile}\\s+([\\d.]+)(us|ms|s)$`, 'm'));
  if (!match) throw new Error(`no ${percentile} latency in wrk's output:\n${out}`);
  const factor = { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'];
  return Math.round(Number(match[1]) * factor * 10) / 10;
}

/** The generated catalog in DATA_DIR, generating it first when absent or of another size. */
async function ensureCatalog(): Promise<{ events: number; markets: number }> {
  if (existsSync(READY_FILE) && existsSync(DATA_DIR)) {
    const ready = JSON.parse(readFileSync(READY_FILE, 'utf8')) as { events: number; markets: number };
    if (ready.events === EVENTS) return ready;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
  rmSync(READY_FILE, { force: true });
  mkdirSync(resolve(DATA_DIR, '..'), { recursive: true });
  const { openConfiguredDatabase, rows } = await import('../src/server/db/open');
  const { upsertEvents } = await import('../src/server/catalog/load');
  const { generateEvents, batches } = await import('../src/catalog-tools/generate');
  console.log(`generating ${EVENTS.toLocaleString('en')} events into ${DATA_DIR} (once; reused later)…`);
  const started = performance.now();
  const database = await openConfiguredDatabase({ DATA_DIR });
  try {
    let done = 0;
    for (const batch of batches(generateEvents({ events: EVENTS }), 5_000)) {
      await upsertEvents(database.db, batch);
      done += batch.length;
      process.stdout.write(`\r  ${done.toLocaleString('en')} events`);
    }
    process.stdout.write('\n');
    await database.db.execute(sql`VACUUM ANALYZE`);
    const [counts] = await rows<{ events: number; markets: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM markets) AS markets`,
    );
    writeFileSync(READY_FILE, JSON.stringify(counts));
    console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return counts!;
  } finally {
    await database.close();
  }
}

async function startChild(
  command: string[],
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
    try {
      await fetch(`http://${HOST}:${port}/`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  child.kill('SIGTERM');
  throw new Error(`${command.join(' ')} did not listen on ${port}`);
}

/** Resident memory of the child's node process (tsx runs node as a grandchild: take the largest). */
function rssOf(child: ChildProcess): string {
  return formatKb(Math.max(...processTree(child.pid!).map((pid) => statusField(pid, 'VmRSS'))));
}

function peakOf(child: ChildProcess): string {
  return formatKb(Math.max(...processTree(child.pid!).map((pid) => statusField(pid, 'VmHWM'))));
}

function processTree(pid: number): number[] {
  const children = (() => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  })();
  return [pid, ...children.flatMap(processTree)];
}

function statusField(pid: number, field: string): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'),
    );
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

const formatKb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

interface CeilingBody {
  base64: string;
  coding: string | undefined;
}

const ceilingKey = (accept: string, path: string) => `${accept}\n${path}`;

/** One response's status and raw bytes as sent (fetch would decompress them). */
function getRaw(
  port: number,
  { path, accept }: Scenario,
): Promise<{ status: number; body: Buffer; coding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers = accept ? { 'accept-encoding': accept } : {};
    get({ host: HOST, port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          coding: response.headers['content-encoding'],
        }),
      );
    }).on('error', reject);
  });
}

/**
 * The ceiling: plain Fastify sending the same pre-serialized (and, where the server compressed them,
 * pre-compressed) bytes for the same paths and Accept-Encoding, same content type.
 */
async function runCeilingServer(bodyFile: string): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const bodies = new Map(
    Object.entries(JSON.parse(readFileSync(bodyFile, 'utf8')) as Record<string, CeilingBody>).map(
      ([key, { base64, coding }]) => [key, { body: Buffer.from(base64, 'base64'), coding }],
    ),
  );
  const server = Fastify({ logger: false });
  server.get('/*', (request, reply) => {
    const found = bodies.get(ceilingKey(request.headers['accept-encoding'] ?? '', request.url));
    if (!found) return reply.code(404).send();
    if (found.coding) void reply.header('Content-Encoding', found.coding);
    return reply.type('application/json; charset=utf-8').send(found.body);
  });
  await server.listen({ port: CEILING_PORT, host: HOST });
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

/** Child servers this run started: stopped however the run ends. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

if (process.argv[2] === '--ceiling') {
  await runCeilingServer(process.argv[3]!);
} else {
  await main();
}
