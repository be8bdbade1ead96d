/**
 * Price-history benchmark (`npm run bench:history`; prints figures, is not a test).
 *
 * Generates the default demo catalog with its histories (BENCH_EVENTS, default 3,000) into a PGlite
 * data directory under ./data (reused while the event count matches), starts the real server on it
 * (a child process, so load generator and server do not share an event loop), then asks
 * `/clob/prices-history?market=…&interval=1w&fidelity=60` for BENCH_TOKENS (default 200) different
 * tokens, round robin, from BENCH_CONNECTIONS (32) connections for BENCH_SECONDS (15) with autocannon,
 * as a browser asks (Accept-Encoding), after one warm-up pass. Prints req/s, p50, p99 (target p99
 * ≤ 20 ms) and the uncached answers' times.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 200);
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR ?? join(root, 'data', `bench-history-${EVENTS}`));
const READY_FILE = `${DATA_DIR}.json`;
const PORT = 18_111;
const HOST = '127.0.0.1';

async function ensureCatalog(): Promise<string[]> {
  if (existsSync(READY_FILE) && existsSync(DATA_DIR)) {
    const ready = JSON.parse(readFileSync(READY_FILE, 'utf8')) as { events: number; tokens: string[] };
    if (ready.events === EVENTS && ready.tokens.length >= TOKENS) return ready.tokens.slice(0, TOKENS);
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(resolve(DATA_DIR, '..'), { recursive: true });
  const { openConfiguredDatabase, rows } = await import('../src/server/db/open');
  const { replaceWithGenerated } = await import('../src/catalog-tools/seed');
  console.log(`generating ${EVENTS.toLocaleString('en')} events with histories into ${DATA_DIR}…`);
  const database = await openConfiguredDatabase({ DATA_DIR });
  try {
    const loaded = await replaceWithGenerated(database.db, { events: EVENTS });
    console.log(`  ${loaded.markets.toLocaleString('en')} markets in ${(loaded.ms / 1000).toFixed(1)} s`);
    // Tokens of open markets with a stored week of history, busiest events first.
    const found = await rows<{ token: string }>(
      database.db,
      sql`SELECT o.token_id AS token FROM outcome_tokens o JOIN markets m ON m.id = o.market_id
          JOIN events e ON e.id = m.event_id
          WHERE NOT e.closed AND EXISTS (SELECT 1 FROM price_history h WHERE h.token_id = o.token_id)
          ORDER BY e.volume DESC, o.token_id LIMIT ${Math.max(TOKENS, 1000)}`,
    );
    const tokens = found.map((r) => r.token);
    writeFileSync(READY_FILE, JSON.stringify({ events: EVENTS, tokens }));
    return tokens.slice(0, TOKENS);
  } finally {
    await database.close();
  }
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR,
      PORT: String(PORT),
      HOST,
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      SEED_EVENTS: '0',
      // Measured alone: the demo traders (on for a generated catalog) would share the server's time.
      DEMO_TRADERS: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      await fetch(`http://${HOST}:${PORT}/clob/time`);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error('the server did not start within 120 s');
}

const path = (token: string) => `/clob/prices-history?market=${token}&interval=1w&fidelity=60`;

async function main(): Promise<void> {
  const tokens = await ensureCatalog();
  const server = await startServer();
  try {
    const started = performance.now();
    const first = await fetch(`http://${HOST}:${PORT}${path(tokens[0]!)}`);
    const body = (await first.json()) as { history: unknown[] };
    console.log(
      `first (uncached) answer: ${first.status} in ${(performance.now() - started).toFixed(1)} ms, ${body.history.length} points`,
    );
    // One pass over the tokens first, as bench:catalog warms its views: the run measures the
    // steady state (each token's week read and cached once); the cold reads are timed here.
    const cold = performance.now();
    for (const token of tokens) await (await fetch(`http://${HOST}:${PORT}${path(token)}`)).arrayBuffer();
    console.log(
      `warm-up: ${tokens.length} uncached answers, ${((performance.now() - cold) / tokens.length).toFixed(1)} ms each on average`,
    );
    let next = 0;
    const result = await autocannon({
      url: `http://${HOST}:${PORT}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      requests: [
        {
          setupRequest: (request) => {
            request.path = path(tokens[next++ % tokens.length]!);
            return request;
          },
        },
      ],
    });
    const bad = result.non2xx + result.errors;
    console.log(
      `one-week, one-hour-fidelity history, ${tokens.length} tokens round robin, ${CONNECTIONS} connections × ${SECONDS} s:\n` +
        `  ${Math.round(result.requests.average).toLocaleString('en')} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
        ` (target ≤ 20 ms)${bad ? `, ${bad} failed` : ''}`,
    );
  } finally {
    server.kill('SIGTERM');
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
