/**
 * What the demo traders cost (`npm run bench:demo`; prints figures, is not a test).
 *
 * Seeds the default demo catalog (BENCH_EVENTS, default 3,000) once into a pristine data directory
 * (data/bench-traders-N.seed), copies it to a working directory, starts the real server on the copy (a
 * child process, from the sources) with DEMO_TRADERS=on (BENCH_TRADERS=off for the baseline), and
 * prints, per window of BENCH_WINDOW_SECONDS (60) for BENCH_WINDOWS (5) windows, the server process's CPU
 * time as a share of one core (user + system, from /proc), and how many of the 500 busiest open
 * markets show a two-sided book. BENCH_REUSE=1 starts on the working directory as the last run left
 * it (a restart: the books already quoted) instead of a fresh copy; BENCH_CPU_PROF=<dir> writes a CPU
 * profile of the server there.
 */
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer } from '../src/server/faults/server-process';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3_000);
const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 5);
const WINDOW_S = Number(process.env.BENCH_WINDOW_SECONDS ?? 60);
const TRADERS = process.env.BENCH_TRADERS ?? 'on';
const PRISTINE = `${resolve(process.env.BENCH_DATA_DIR ?? join(root, 'data', `bench-traders-${EVENTS}`))}.seed`;
const WORK = PRISTINE.replace(/\.seed$/, '');
const CLOCK_TICKS = 100;

async function ensurePristine(): Promise<void> {
  if (existsSync(join(PRISTINE, 'pgdata'))) return;
  const { openConfiguredDatabase } = await import('../src/server/db/open');
  const { seedIfEmpty } = await import('../src/catalog-tools/seed');
  const { loadConfig } = await import('../src/server/config');
  console.log(`seeding ${EVENTS.toLocaleString('en')} events into ${PRISTINE}…`);
  const database = await openConfiguredDatabase(loadConfig({ DATA_DIR: PRISTINE }));
  try {
    await seedIfEmpty(database, EVENTS, () => {});
  } finally {
    await database.close();
  }
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function topBooks(url: string): Promise<{ twoSided: number; quoted: number; of: number }> {
  const res = await fetch(
    `${url}/gamma/markets?closed=false&active=true&limit=500&order=volumeNum&ascending=false`,
  );
  const markets = (await res.json()) as { bestBid?: number | null; bestAsk?: number | null }[];
  return {
    twoSided: markets.filter((m) => m.bestBid != null && m.bestAsk != null).length,
    quoted: markets.filter((m) => m.bestBid != null || m.bestAsk != null).length,
    of: markets.length,
  };
}

async function main(): Promise<void> {
  await ensurePristine();
  if (process.env.BENCH_REUSE !== '1' || !existsSync(WORK)) {
    rmSync(WORK, { recursive: true, force: true });
    cpSync(PRISTINE, WORK, { recursive: true });
  }
  const port = await freePort();
  const started = performance.now();
  const server = await startServer(
    { DATA_DIR: WORK, DEMO_TRADERS: TRADERS, SERVE_WEB: 'false', LOG_LEVEL: 'debug', SEED_EVENTS: '0' },
    port,
    {
      fromSources: true,
      // BENCH_CPU_PROF=<dir>: a CPU profile of the server, written when it stops.
      ...(process.env.BENCH_CPU_PROF
        ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] }
        : {}),
    },
  );
  const pid = server.child.pid!;
  console.log(
    `listening after ${((performance.now() - started) / 1000).toFixed(1)} s (DEMO_TRADERS=${TRADERS})`,
  );
  try {
    let cpu = cpuSeconds(pid);
    let at = performance.now();
    for (let w = 1; w <= WINDOWS; w++) {
      await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
      const nowCpu = cpuSeconds(pid);
      const now = performance.now();
      const share = (nowCpu - cpu) / ((now - at) / 1000);
      const books = await topBooks(server.url);
      console.log(
        `window ${w} (${(w * WINDOW_S).toString().padStart(4)} s): CPU ${(share * 100).toFixed(1)}% of one core; top ${books.of} open markets: ${books.twoSided} two-sided, ${books.quoted} quoted`,
      );
      cpu = nowCpu;
      at = now;
    }
  } finally {
    const stopping = performance.now();
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
    console.log(
      `stopped in ${((performance.now() - stopping) / 1000).toFixed(1)} s (exit ${server.child.exitCode})`,
    );
    const lines = server
      .output()
      .split('\n')
      .filter((l) => /demo|"level":[4-6]/.test(l))
      .map((l) => l.replace(/"time":\d+,"pid":\d+,"hostname":"[^"]*",/, ''));
    for (const line of lines.slice(0, 20)) console.log(`  server: ${line.slice(0, 400)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
