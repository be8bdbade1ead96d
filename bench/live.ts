/**
 * npm run bench:live — the live channels (docs/api.md, Live channels) under load, two phases:
 *
 * 1. Busy: BENCH_SUBSCRIBERS (1,000) WebSocket connections follow both tokens of one market while signed
 *    orders change its book at BENCH_RATE (200) orders/s for BENCH_SECONDS (60). Every message carries the
 *    commit's time (`timestamp`, ms): delivery latency is its arrival at the subscriber minus that, over
 *    every message every subscriber receives. The server's resident memory is sampled each second.
 *    Targets: p99 ≤ 100 ms, no subscriber dropped, memory flat (its growth over the second half ≤ 10%).
 * 2. Idle: BENCH_IDLE_CONNECTIONS (1,000) connections follow BENCH_IDLE_ASSETS (10) tokens each of 2,000
 *    tokens (10,000 subscriptions, each token followed 5 times), each with its book; then what the
 *    server's resident memory grew by. Target: under 200 MB (the process itself, with its embedded
 *    database and catalog, is several hundred MB before any connection).
 *
 * The order mix keeps the book about its size: resting GTC BUYs of 6 shares at 0.45–0.49 of either
 * outcome (to the thinner side), and 3 in 10 FAK BUYs of 14 shares at 0.57 that take resting BUYs of the
 * other outcome (a MINT). Makers and takers are different wallets. Orders are signed before the clock
 * starts (signing is the client's cost), with the native secp256k1 binding as bench/orders.ts does.
 *
 * Starts the real server (`npm start`'s entry; BENCH_FROM_SOURCES=1 runs the sources through tsx instead,
 * leaving the shared bundle alone) on a fresh embedded database with BENCH_EVENTS (1,500) demo events, or on
 * a scratch database of the PostgreSQL server at BENCH_DATABASE_URL; BENCH_PROFILE=dir writes a CPU profile of
 * the server (the whole run) into dir. The busy subscribers run on BENCH_SUBSCRIBER_THREADS (2) worker
 * threads of this process (bench/live-subscribers.mjs), apart from the thread that sends the orders; their
 * parsing is cheap (a regular expression finds each message's `timestamp`) but shares the machine.
 */
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import WebSocket from 'ws';
import type { ServerProcess } from '../src/server/faults/server-process';
import { histogramPercentile } from './stats';
import {
  createWallet,
  l2Headers,
  load,
  type OrderMarket,
  rssMb,
  serverCpuMs,
  signBuy,
  sleep,
  startBenchServer,
  type Wallet,
} from './trading-client';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
/** Worker threads the busy subscribers are spread over. */
const THREADS = Number(process.env.BENCH_SUBSCRIBER_THREADS ?? 2);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const IDLE_CONNECTIONS = Number(process.env.BENCH_IDLE_CONNECTIONS ?? 1000);
const IDLE_ASSETS = Number(process.env.BENCH_IDLE_ASSETS ?? 10);
const IDLE_TOKENS = Number(process.env.BENCH_IDLE_TOKENS ?? 2000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1500);
const PG_BASE = process.env.BENCH_DATABASE_URL;
const FROM_SOURCES = process.env.BENCH_FROM_SOURCES === '1';
const PROFILE_DIR = process.env.BENCH_PROFILE;

const TARGET_P99_MS = 100;
const TARGET_IDLE_MB = 200;
const TARGET_GROWTH = 0.1;

const WALLETS = 16;
const REST_PRICES = [4500, 4600, 4700, 4800, 4900];
const REST_SHARES = 6;
const CROSS_PRICE = 5700;
const CROSS_SHARES = 14;

/** Open two-outcome markets of the catalog, as many as asked (or all there are). */
async function openMarkets(client: Pool, count: number): Promise<OrderMarket[]> {
  const found: OrderMarket[] = [];
  for (let offset = 0; found.length < count && offset < 20_000; offset += 500) {
    const { body } = await client.request({
      method: 'GET',
      path: `/gamma/markets?active=true&closed=false&limit=500&offset=${offset}`,
    });
    const page = (await body.json()) as {
      clobTokenIds: string[];
      negRisk: boolean;
      active: boolean;
      closed: boolean;
    }[];
    if (page.length === 0) break;
    for (const m of page) {
      if (found.length < count && m.clobTokenIds.length === 2 && m.active && !m.closed)
        found.push({ tokens: [m.clobTokenIds[0]!, m.clobTokenIds[1]!], negRisk: m.negRisk });
    }
  }
  return found;
}

/** An idle subscriber: counts the books it is sent. */
class Subscriber {
  books = 0;
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.books += data.toString().split('"event_type":"book"').length - 1;
    });
    ws.on('close', () => {
      this.closed = true;
    });
    ws.on('error', () => {});
  }

  static async open(url: string): Promise<Subscriber> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new Subscriber(ws);
  }
}

async function openSubscribers(url: string, count: number): Promise<Subscriber[]> {
  const out: Subscriber[] = [];
  for (let i = 0; i < count; i += 100) {
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => Subscriber.open(url)))),
    );
  }
  return out;
}

async function untilBooks(subscribers: Subscriber[], each: number, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (subscribers.some((s) => s.books < each && !s.closed)) {
    if (Date.now() > deadline) throw new Error('subscribers did not all get their books');
    await sleep(50);
  }
}

async function closeAll(subscribers: Subscriber[]): Promise<void> {
  await Promise.all(
    subscribers.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.ws.readyState === WebSocket.CLOSED) return resolve();
          s.ws.once('close', () => resolve());
          s.ws.close();
        }),
    ),
  );
}

/** The busy phase's subscribers, SUBSCRIBERS over THREADS worker threads (bench/live-subscribers.mjs). */
class SubscriberThreads {
  private constructor(private readonly workers: Worker[]) {}

  static async open(url: string, assets: string[]): Promise<SubscriberThreads> {
    const workers = Array.from({ length: THREADS }, (_, i) => {
      const count = Math.floor(SUBSCRIBERS / THREADS) + (i < SUBSCRIBERS % THREADS ? 1 : 0);
      return new Worker(new URL('./live-subscribers.mjs', import.meta.url), {
        workerData: { url, count, assets },
      });
    });
    await Promise.all(workers.map((w) => reply(w, 'ready', null)));
    return new SubscriberThreads(workers);
  }

  measure(): void {
    for (const w of this.workers) w.postMessage('measure');
  }

  /** Every thread's latencies (one histogram), messages and dropped connections. */
  async stop(): Promise<{ histogram: Float64Array; messages: number; dropped: number }> {
    const results = await Promise.all(
      this.workers.map(
        (w) =>
          reply(w, 'result', 'stop') as Promise<{
            histogram: Uint32Array;
            messages: number;
            dropped: number;
          }>,
      ),
    );
    const histogram = new Float64Array(results[0]!.histogram.length);
    for (const r of results) for (const [ms, n] of r.histogram.entries()) histogram[ms]! += n;
    return {
      histogram,
      messages: results.reduce((sum, r) => sum + r.messages, 0),
      dropped: results.reduce((sum, r) => sum + r.dropped, 0),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => reply(w, 'closed', 'close')));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** Posts `command` (unless null) and waits for the worker's message that has `key`. */
function reply(worker: Worker, key: string, command: string | null): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve(message[key]);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    if (command) worker.postMessage(command);
  });
}

/** Phase 1: orders at RATE on one market, SUBSCRIBERS following it. */
async function busy(server: ServerProcess, client: Pool, market: OrderMarket, wallets: Wallet[]) {
  const wsUrl = `${server.url.replace(/^http/, 'ws')}/clob/ws/market`;
  const subscribers = await SubscriberThreads.open(wsUrl, market.tokens);

  // Sign the run's orders first: RATE × SECONDS, and some over.
  const makers = wallets.slice(0, WALLETS / 2);
  const takers = wallets.slice(WALLETS / 2);
  const total = Math.ceil(RATE * SECONDS * 1.1);
  const signed: { wallet: Wallet; fak: boolean; outcome: 0 | 1; body: string }[][] = [[], []];
  for (let i = 0; i < total; i++) {
    const fak = i % 10 < 3;
    const outcome = (i % 2) as 0 | 1;
    const wallet = fak ? takers[i % takers.length]! : makers[i % makers.length]!;
    const price = fak ? CROSS_PRICE : REST_PRICES[i % REST_PRICES.length]!;
    const body = signBuy(
      wallet,
      market,
      outcome,
      price,
      fak ? CROSS_SHARES : REST_SHARES,
      fak ? 'FAK' : 'GTC',
    );
    signed[outcome]!.push({ wallet, fak, outcome, body });
  }
  const depth = [0, 0];
  const refusals: Record<string, number> = {};
  let accepted = 0;
  const send = async (order: (typeof signed)[0][0]) => {
    const { statusCode, body } = await client.request({
      method: 'POST',
      path: '/clob/order',
      headers: l2Headers(order.wallet, 'POST', '/order', order.body),
      body: order.body,
    });
    const answer = (await body.json()) as { status?: string; takingAmount?: string; code?: string };
    if (statusCode !== 200) {
      refusals[answer.code ?? String(statusCode)] = (refusals[answer.code ?? String(statusCode)] ?? 0) + 1;
      return;
    }
    accepted++;
    if (!order.fak && answer.status === 'live') depth[order.outcome]! += REST_SHARES;
    if (order.fak) depth[order.outcome === 0 ? 1 : 0]! -= Number(answer.takingAmount || 0);
  };
  /** Resting ones to the thinner side; crossing ones buy the thinner side's outcome, taking the deeper. */
  const next = (fak: boolean) => {
    const thinner = depth[0]! <= depth[1]! ? 0 : 1;
    for (const outcome of [thinner, 1 - thinner]) {
      const pool = signed[outcome]!;
      const i = pool.findIndex((o) => o.fak === fak);
      if (i >= 0) return pool.splice(i, 1)[0]!;
    }
    return null;
  };

  const memory: number[] = [];
  const sampler = setInterval(() => memory.push(rssMb(server)), 1000);
  subscribers.measure();
  const cpuBefore = serverCpuMs(server);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let errors = 0;
  // Open loop: order n leaves at n / RATE seconds, whatever the answers' pace.
  while (performance.now() - started < SECONDS * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * RATE);
    while (sent < due) {
      const order = next(sent % 10 < 3);
      sent++;
      if (!order) continue;
      const p = send(order).catch(() => {
        errors++;
      });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  await sleep(500);
  clearInterval(sampler);
  const { histogram, messages, dropped } = await subscribers.stop();
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (serverCpuMs(server) - cpuBefore) / 1000 / seconds;
  const used = process.cpuUsage(clientBefore);
  const clientCpu = (used.user + used.system) / 1e6 / seconds;
  await subscribers.close();
  const half = memory.slice(Math.floor(memory.length / 2));
  return {
    seconds,
    sent,
    accepted,
    refusals,
    errors,
    delivered: messages,
    p50: histogramPercentile(histogram, messages, 50),
    p99: histogramPercentile(histogram, messages, 99),
    max: histogram.findLastIndex((n) => n > 0),
    dropped,
    serverCpu,
    clientCpu,
    memory: { start: memory[0] ?? 0, max: Math.max(...memory), end: memory.at(-1) ?? 0, half },
  };
}

/** Phase 2: IDLE_CONNECTIONS following IDLE_ASSETS tokens each, over IDLE_TOKENS tokens. */
async function idle(server: ServerProcess, tokens: string[]) {
  const wsUrl = `${server.url.replace(/^http/, 'ws')}/clob/ws/market`;
  const before = rssMb(server);
  const subscribers = await openSubscribers(wsUrl, IDLE_CONNECTIONS);
  for (const [i, s] of subscribers.entries()) {
    const assets = Array.from(
      { length: IDLE_ASSETS },
      (_, k) => tokens[(i * IDLE_ASSETS + k) % tokens.length]!,
    );
    s.ws.send(JSON.stringify({ type: 'market', assets_ids: assets }));
    if (i % 100 === 99) await sleep(20);
  }
  await untilBooks(subscribers, IDLE_ASSETS);
  await sleep(2000);
  const after = rssMb(server);
  const dropped = subscribers.filter((s) => s.closed).length;
  await closeAll(subscribers);
  return { before, after, dropped, subscriptions: IDLE_CONNECTIONS * IDLE_ASSETS };
}

async function main(): Promise<void> {
  console.log(
    `bench:live: ${SUBSCRIBERS} subscribers at ${RATE} orders/s for ${SECONDS} s; then ${IDLE_CONNECTIONS} × ${IDLE_ASSETS} idle ` +
      `subscriptions over ${IDLE_TOKENS} tokens; ${cpus().length} cores, load average ${load()}`,
  );
  const { server, stop, what } = await startBenchServer({
    name: 'live',
    events: EVENTS,
    postgres: PG_BASE,
    fromSources: FROM_SOURCES,
    profileDir: PROFILE_DIR,
    // Every subscriber connects from this machine.
    env: { LIVE_MAX_CONNECTIONS_PER_IP: '100000' },
  });
  const client = new Pool(server.url, { connections: 16, pipelining: 1 });
  try {
    const markets = await openMarkets(client, Math.ceil(IDLE_TOKENS / 2));
    const tokens = markets.flatMap((m) => m.tokens).slice(0, IDLE_TOKENS);
    if (tokens.length < IDLE_TOKENS)
      console.log(`  (only ${tokens.length} tokens with books in the catalog)`);
    const wallets = await Promise.all(Array.from({ length: WALLETS }, () => createWallet(client)));
    console.log(`server on ${what}, ${EVENTS} demo events, ${markets.length} markets, ${WALLETS} wallets`);

    const b = await busy(server, client, markets[0]!, wallets);
    const growth = b.memory.half.length > 1 ? b.memory.half.at(-1)! / b.memory.half[0]! - 1 : 0;
    console.log(`\nbusy: ${b.seconds.toFixed(1)} s, ${b.sent} orders sent, ${b.accepted} accepted`);
    console.log(`  refusals ${JSON.stringify(b.refusals)}${b.errors ? `, ${b.errors} failed` : ''}`);
    console.log(
      `  delivered ${b.delivered} messages (${(b.delivered / b.seconds).toFixed(0)}/s over ${SUBSCRIBERS} subscribers): ` +
        `latency from commit p50 ${b.p50} ms, p99 ${b.p99} ms, max ${b.max} ms; ${b.dropped} subscribers dropped`,
    );
    console.log(
      `  CPU: server ${(b.serverCpu * 100).toFixed(0)}% of a core, this process (subscribers, orders) ${(b.clientCpu * 100).toFixed(0)}%`,
    );
    console.log(
      `  server memory (RSS) ${b.memory.start.toFixed(0)} MB at start, ${b.memory.max.toFixed(0)} MB max, ` +
        `${b.memory.end.toFixed(0)} MB at the end; second half ${(growth * 100).toFixed(1)}%`,
    );
    const i = await idle(server, tokens);
    console.log(
      `idle: ${i.subscriptions} subscriptions on ${IDLE_CONNECTIONS} connections: server memory ${i.before.toFixed(0)} MB before, ` +
        `${i.after.toFixed(0)} MB with them (+${(i.after - i.before).toFixed(0)} MB); ${i.dropped} dropped`,
    );
    console.log(`load average after: ${load()}`);
    const verdicts = [
      // A run whose orders were all refused delivers nothing, and would pass the rest with nothing measured.
      ['most orders accepted (the run measured something)', b.accepted >= b.sent * 0.9],
      [`delivery p99 ≤ ${TARGET_P99_MS} ms`, b.p99 <= TARGET_P99_MS],
      ['no busy subscriber dropped', b.dropped === 0],
      [`memory flat (second half ≤ ${TARGET_GROWTH * 100}%)`, growth <= TARGET_GROWTH],
      [`idle subscriptions take under ${TARGET_IDLE_MB} MB`, i.after - i.before < TARGET_IDLE_MB],
    ] as const;
    for (const [what, ok] of verdicts) console.log(`  ${ok ? 'PASS' : 'FAIL'} ${what}`);
    process.exitCode = verdicts.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await client.close();
    await stop();
  }
}

await main();
