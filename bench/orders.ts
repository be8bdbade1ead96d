/**
 * npm run bench:orders — the order book's throughput: signed orders over HTTP, then, in the same run and
 * on the same connections, L2-authenticated `GET /api-keys` for comparison.
 *
 * Starts the real server (`npm start`'s entry, src/server/start.mjs) on a fresh embedded database with a
 * demo catalog (BENCH_EVENTS events), or on a scratch database of the PostgreSQL server at
 * BENCH_DATABASE_URL; takes the BENCH_MARKETS (100) busiest open two-outcome markets; creates
 * BENCH_WALLETS (64) wallets with API keys, each granted paper collateral (PAPER_COLLATERAL raised for the
 * run); signs every order before the clock starts (signing is the client's cost); then BENCH_CONNECTIONS
 * (32) closed-loop connections send orders for BENCH_SECONDS (20).
 *
 * The mix: 70% resting orders and 30% crossing ones on a random market of the set. Every order buys (a
 * BUY of No at p is the mirror of a SELL of Yes at 1 − p, so buyers of both outcomes make a two-sided
 * book, and wallets need nothing but collateral). Resting ones are GTC BUYs of 6 shares at 0.45–0.49 of
 * either outcome, so the book's bids and asks stay around a mid of 0.50 and never meet; crossing ones are
 * FAK BUYs of 14 shares at 0.57, which take resting orders of the other outcome (a MINT match) and leave
 * nothing behind. 0.3 × 14 = 0.7 × 6: crossing orders take what resting ones add, and the client sends
 * each resting order to the thinner side of its market and each crossing one against the deeper side
 * (by the depth the answers report), so the book stays about the size the warm-up gave it. Makers and
 * takers are different wallets (no self-trade prevention in the way).
 *
 * Before the measured run: each market's book gets BENCH_SEED_DEPTH resting orders a side, then the mix
 * runs unmeasured for BENCH_WARMUP seconds (3); its rate sizes the pool signed for the measured run.
 *
 * Prints accepted orders/s, latency p50/p99, refusals by code, the server's CPU per request, the
 * `GET /api-keys` rate and the ratio, the load average, and the verdict against each target (≥ 2,000
 * accepted orders/s, p99 ≤ 50 ms, ≥ 0.3 of the GET /api-keys rate). BENCH_PROFILE=dir writes a CPU
 * profile of the server (the whole run) into dir. BENCH_SOURCES=1 runs the server from this checkout's
 * sources (tsx) rather than start.mjs's bundle (one per checkout, under node_modules).
 */
import { cpus } from 'node:os';
import { Pool } from 'undici';
import type { ServerProcess } from '../src/server/faults/server-process';
import { percentile } from './stats';
import {
  createWallet,
  l2Headers,
  load,
  serverCpuMs,
  signBuy,
  startBenchServer,
  type Wallet,
} from './trading-client';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WALLETS = Number(process.env.BENCH_WALLETS ?? 64);
const MARKETS = Number(process.env.BENCH_MARKETS ?? 100);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const SEED_DEPTH = Number(process.env.BENCH_SEED_DEPTH ?? 5);
const PG_BASE = process.env.BENCH_DATABASE_URL;
const PROFILE_DIR = process.env.BENCH_PROFILE;
/** Runs this checkout's TypeScript through tsx instead of start.mjs's bundle. */
const FROM_SOURCES = process.env.BENCH_SOURCES === '1';

const TARGET_RATE = 2000;
const TARGET_P99_MS = 50;
const TARGET_RATIO = 0.3;

/** Order terms (prices in 1/10,000, sizes in whole shares): see the file's comment. */
const REST_SHARES = 6;
const REST_PRICES = [4500, 4600, 4700, 4800, 4900];
const CROSS_SHARES = 14;
const CROSS_PRICE = 5700;
/** Of every 10 orders, this many cross. */
const CROSSING_PER_10 = 3;

type Outcome = 0 | 1;
type Kind = 'rest' | 'cross';

interface BenchMarket {
  id: string;
  tokens: [string, string];
  negRisk: boolean;
  /** Shares resting as BUYs of each outcome, as the answers report them (client-side estimate). */
  depth: [number, number];
  /** Signed, unsent order bodies: resting BUYs and crossing BUYs of each outcome. */
  rest: [Signed[], Signed[]];
  cross: [Signed[], Signed[]];
}

interface Signed {
  wallet: number;
  body: string;
}

// ---------------------------------------------------------------------------------------------------
// Setup: markets

/** The busiest open two-outcome markets by volume, as a client finds them in the catalog. */
async function busiestMarkets(client: Pool, count: number): Promise<BenchMarket[]> {
  const found: BenchMarket[] = [];
  for (let offset = 0; found.length < count && offset < 5000; offset += 500) {
    const { body } = await client.request({
      method: 'GET',
      path: `/gamma/markets?active=true&closed=false&order=volume&ascending=false&limit=500&offset=${offset}`,
    });
    const page = (await body.json()) as {
      id: string;
      clobTokenIds: string[];
      negRisk: boolean;
      active: boolean;
      closed: boolean;
    }[];
    if (page.length === 0) break;
    for (const m of page) {
      if (found.length >= count) break;
      if (m.clobTokenIds.length !== 2 || !m.active || m.closed) continue;
      found.push({
        id: m.id,
        tokens: [m.clobTokenIds[0]!, m.clobTokenIds[1]!],
        negRisk: m.negRisk,
        depth: [0, 0],
        rest: [[], []],
        cross: [[], []],
      });
    }
  }
  if (found.length < count) throw new Error(`only ${found.length} open two-outcome markets in the catalog`);
  return found;
}

/**
 * Signs `total` orders spread over the markets in the mix's proportions, with headroom: the client picks
 * sides by depth, so one side of a market may be asked for more than its even share.
 */
function signPool(markets: BenchMarket[], wallets: Wallet[], total: number): number {
  const makers = wallets.slice(0, wallets.length / 2);
  const takers = wallets.slice(wallets.length / 2);
  const perMarket = total / markets.length;
  const restEach = Math.ceil(((perMarket * (10 - CROSSING_PER_10)) / 10 / 2) * 1.5) + 5;
  const crossEach = Math.ceil(((perMarket * CROSSING_PER_10) / 10 / 2) * 1.5) + 5;
  let signed = 0;
  let w = 0;
  for (const market of markets) {
    for (const outcome of [0, 1] as const) {
      for (let i = 0; i < restEach; i++, w++) {
        const wallet = w % makers.length;
        const price = REST_PRICES[i % REST_PRICES.length]!;
        market.rest[outcome].push({
          wallet,
          body: signBuy(makers[wallet]!, market, outcome, price, REST_SHARES, 'GTC'),
        });
      }
      for (let i = 0; i < crossEach; i++, w++) {
        const wallet = makers.length + (w % takers.length);
        market.cross[outcome].push({
          wallet,
          body: signBuy(wallets[wallet]!, market, outcome, CROSS_PRICE, CROSS_SHARES, 'FAK'),
        });
      }
      signed += restEach + crossEach;
    }
  }
  return signed;
}

// ---------------------------------------------------------------------------------------------------
// Load

interface Planned {
  kind: Kind;
  market: BenchMarket;
  outcome: Outcome;
  signed: Signed;
}

interface Outcomes {
  seconds: number;
  accepted: number;
  /** Accepted orders in each second of the run. */
  perSecond: number[];
  acceptedByKind: Record<Kind, number>;
  latencies: number[];
  refusals: Record<string, number>;
  failures: number;
  /** The pool ran dry this many seconds into the run (the run then stopped early). */
  exhaustedAt: number | null;
  /** The server's CPU and this client's, during the run. */
  cpuMs: number;
  clientCpuMs: number;
}

/** The next order of the mix, or null when the pool has nothing left for it. */
function planner(markets: BenchMarket[]) {
  let sent = 0;
  return (kindWanted?: Kind): Planned | null => {
    const kind = kindWanted ?? (sent++ % 10 < CROSSING_PER_10 ? 'cross' : 'rest');
    for (let attempt = 0; attempt < 20; attempt++) {
      const market = markets[Math.floor(Math.random() * markets.length)]!;
      // Resting orders go to the thinner side. Crossing ones take from the deeper side, and a BUY of
      // outcome o takes resting BUYs of the other outcome: so they too buy the thinner side's outcome.
      const thinner: Outcome = market.depth[0] <= market.depth[1] ? 0 : 1;
      const pools = kind === 'rest' ? market.rest : market.cross;
      for (const outcome of [thinner, thinner === 0 ? 1 : 0] as const) {
        const signed = pools[outcome].pop();
        if (signed) return { kind, market, outcome, signed };
      }
    }
    return null;
  };
}

async function sendOrders(
  client: Pool,
  server: ServerProcess,
  wallets: Wallet[],
  plan: (kind?: Kind) => Planned | null,
  options: { seconds?: number; count?: number; kind?: Kind },
): Promise<Outcomes> {
  const latencies: number[] = [];
  const refusals: Record<string, number> = {};
  const acceptedByKind: Record<Kind, number> = { rest: 0, cross: 0 };
  let accepted = 0;
  const perSecond: number[] = [];
  let failures = 0;
  let exhaustedAt: number | null = null;
  let remaining = options.count ?? Number.POSITIVE_INFINITY;
  const cpuBefore = serverCpuMs(server);
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = options.seconds ? started + options.seconds * 1000 : Number.POSITIVE_INFINITY;

  const user = async () => {
    while (performance.now() < deadline && remaining-- > 0) {
      const planned = plan(options.kind);
      if (!planned) {
        exhaustedAt ??= (performance.now() - started) / 1000;
        return;
      }
      const { body: text, wallet } = planned.signed;
      const headers = l2Headers(wallets[wallet]!, 'POST', '/order', text);
      const t0 = performance.now();
      try {
        const { statusCode, body } = await client.request({
          method: 'POST',
          path: '/clob/order',
          headers,
          body: text,
        });
        const answer = (await body.json()) as { takingAmount?: string; status?: string; code?: string };
        latencies.push(performance.now() - t0);
        if (statusCode === 200) {
          accepted++;
          const second = Math.floor((performance.now() - started) / 1000);
          perSecond[second] = (perSecond[second] ?? 0) + 1;
          acceptedByKind[planned.kind]++;
          const depth = planned.market.depth;
          if (planned.kind === 'rest' && answer.status === 'live') depth[planned.outcome] += REST_SHARES;
          if (planned.kind === 'cross')
            depth[planned.outcome === 0 ? 1 : 0] -= Number(answer.takingAmount || 0);
        } else {
          const code = `${statusCode} ${answer.code ?? '?'}`;
          refusals[code] = (refusals[code] ?? 0) + 1;
        }
      } catch (err) {
        failures++;
        if (failures <= 5) console.error(`  failed: ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, user));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    seconds,
    accepted,
    perSecond,
    acceptedByKind,
    latencies,
    refusals,
    failures,
    exhaustedAt,
    cpuMs: serverCpuMs(server) - cpuBefore,
    clientCpuMs: cpuMsSince(clientCpuBefore),
  };
}

/** This process's CPU (every thread) since `before`, in ms. */
function cpuMsSince(before: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

/** L2-authenticated GET /api-keys from every connection for `seconds`, the wallets in turn. */
async function listKeys(client: Pool, server: ServerProcess, wallets: Wallet[], seconds: number) {
  let headers = wallets.map((w) => l2Headers(w, 'GET', '/api-keys'));
  let signedAt = Date.now();
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const cpuBefore = serverCpuMs(server);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const user = async () => {
    while (performance.now() < deadline) {
      // L2 timestamps are good for 60 s either way: sign again every 20 s.
      if (Date.now() - signedAt > 20_000) {
        headers = wallets.map((w) => l2Headers(w, 'GET', '/api-keys'));
        signedAt = Date.now();
      }
      const t0 = performance.now();
      const { statusCode, body } = await client.request({
        method: 'GET',
        path: '/clob/api-keys',
        headers: headers[next++ % wallets.length]!,
      });
      await body.text();
      if (statusCode === 200) latencies.push(performance.now() - t0);
      else failures++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, user));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    cpuPerRequest: (serverCpuMs(server) - cpuBefore) / Math.max(1, latencies.length + failures),
  };
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(
    `bench:orders: ${CONNECTIONS} connections, ${SECONDS} s, ${MARKETS} markets, ${WALLETS} wallets, ` +
      `${cpus().length} cores, load average ${load()}`,
  );
  let t = performance.now();
  const lap = () => {
    const s = ((performance.now() - t) / 1000).toFixed(1);
    t = performance.now();
    return `${s} s`;
  };
  const { server, stop, what } = await startBenchServer({
    name: 'orders',
    events: EVENTS,
    postgres: PG_BASE,
    fromSources: FROM_SOURCES,
    profileDir: PROFILE_DIR,
  });
  console.log(`server on ${what}, ${EVENTS} demo events: started in ${lap()}`);
  const client = new Pool(server.url, { connections: CONNECTIONS, pipelining: 1 });
  try {
    const markets = await busiestMarkets(client, MARKETS);
    const wallets: Wallet[] = [];
    for (let i = 0; i < WALLETS; i += CONNECTIONS)
      wallets.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(CONNECTIONS, WALLETS - i) }, () => createWallet(client)),
        )),
      );
    console.log(`${markets.length} markets, ${wallets.length} wallets with keys: ${lap()}`);

    // Warm-up (not measured): the books' first depth, then the mix; its rate sizes the run's pool.
    const warmupRate = 2500;
    const seedOrders = MARKETS * 2 * SEED_DEPTH;
    let signed = signPool(markets, wallets, warmupRate * WARMUP_SECONDS);
    for (const m of markets) {
      // Extra resting orders a side for the seed.
      for (const outcome of [0, 1] as const)
        for (let i = 0; i < SEED_DEPTH; i++)
          m.rest[outcome].push({
            wallet: i % (WALLETS / 2),
            body: signBuy(wallets[i % (WALLETS / 2)]!, m, outcome, REST_PRICES[i]!, REST_SHARES, 'GTC'),
          });
    }
    signed += seedOrders;
    console.log(`signed ${signed} warm-up orders: ${lap()}`);
    const plan = planner(markets);
    const seeded = await sendOrders(client, server, wallets, plan, { count: seedOrders, kind: 'rest' });
    const warm = await sendOrders(client, server, wallets, plan, { seconds: WARMUP_SECONDS });
    const warmRate = warm.accepted / warm.seconds;
    console.log(
      `warm-up: ${seeded.accepted} resting seed orders, then ${warmRate.toFixed(0)} accepted orders/s for ${WARMUP_SECONDS} s ` +
        `(refusals ${JSON.stringify({ ...seeded.refusals, ...warm.refusals })}): ${lap()}`,
    );

    for (const m of markets) {
      m.rest = [[], []];
      m.cross = [[], []];
    }
    const poolSize = Math.ceil(Math.max(warmRate, 500) * SECONDS * 1.5);
    console.log(`signing ${poolSize} orders for the run…`);
    signed = signPool(markets, wallets, poolSize);
    console.log(`  signed ${signed}: ${lap()}`);

    const loadBefore = load();
    // Monotonic µs, the clock of a CPU profile's samples: where each phase is in the profile.
    const mark = () => (process.hrtime.bigint() / 1000n).toString();
    const ordersFrom = mark();
    const run = await sendOrders(client, server, wallets, plan, { seconds: SECONDS });
    const keysFrom = mark();
    const keys = await listKeys(client, server, wallets, SECONDS);
    const keysTo = mark();
    const loadAfter = load();
    if (PROFILE_DIR)
      console.log(
        `profile windows (µs): orders ${ordersFrom}-${keysFrom}, GET /api-keys ${keysFrom}-${keysTo}`,
      );

    const rate = run.accepted / run.seconds;
    const p50 = percentile(run.latencies, 50);
    const p99 = percentile(run.latencies, 99);
    const ratio = rate / keys.rate;
    // Summed in floating point by the client: shown to the centishare, as the book counts.
    const depths = markets.map((m) => Math.round((m.depth[0] + m.depth[1]) * 100) / 100);
    const sent = run.latencies.length;
    console.log(`\n${what}, ${CONNECTIONS} connections, ${run.seconds.toFixed(1)} s`);
    console.log(
      `load average ${loadBefore} before, ${loadAfter} after (1, 5, 15 min; ${cpus().length} cores)`,
    );
    console.log(
      `POST /order      ${rate.toFixed(0).padStart(6)} accepted/s  p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  ` +
        `(${run.accepted} of ${sent}: ${run.acceptedByKind.rest} resting, ${run.acceptedByKind.cross} crossing; ` +
        `server CPU ${((run.cpuMs * 1000) / Math.max(1, sent)).toFixed(0)} µs/order, ` +
        `this client's ${((run.clientCpuMs * 1000) / Math.max(1, sent)).toFixed(0)} µs/order)`,
    );
    console.log(`  each second    ${Array.from(run.perSecond, (n) => n ?? 0).join(' ')}`);
    console.log(
      `  refusals       ${JSON.stringify(run.refusals)}${run.failures ? `, ${run.failures} failed` : ''}`,
    );
    if (run.exhaustedAt !== null)
      console.log(
        `  the signed pool ran out ${run.exhaustedAt.toFixed(1)} s into the run (the run stopped there)`,
      );
    console.log(
      `  book depth     ${Math.min(...depths)}–${Math.max(...depths)} shares a market at the end (client's count)`,
    );
    console.log(
      `GET /api-keys    ${keys.rate.toFixed(0).padStart(6)} req/s       p50 ${keys.p50.toFixed(1)} ms  p99 ${keys.p99.toFixed(1)} ms  ` +
        `(server CPU ${(keys.cpuPerRequest * 1000).toFixed(0)} µs/request${keys.failures ? `, ${keys.failures} failed` : ''})`,
    );
    const verdict = (ok: boolean) => (ok ? 'pass' : 'MISS');
    console.log(
      `\naccepted orders/s ${rate.toFixed(0)} (target ≥ ${TARGET_RATE}): ${verdict(rate >= TARGET_RATE)}`,
    );
    console.log(`p99 ${p99.toFixed(1)} ms (target ≤ ${TARGET_P99_MS} ms): ${verdict(p99 <= TARGET_P99_MS)}`);
    console.log(
      `orders / GET /api-keys ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}): ${verdict(ratio >= TARGET_RATIO)}`,
    );
  } finally {
    await client.close();
    await stop();
  }
  if (PROFILE_DIR) console.log(`server CPU profile in ${PROFILE_DIR}`);
}

await main();
