/**
 * Load test (`npm run test:load`): mixed traffic against the real server, with pass/fail criteria.
 *
 * 95% catalog reads across parameters and pages, 5% API-key create / list / revoke with real L1
 * (EIP-712) and L2 (HMAC) signatures from many wallets; LOAD_CONNECTIONS (64) for LOAD_SECONDS (60).
 * Runs on the embedded database, then on PostgreSQL with one worker and with WORKERS=2 + Redis
 * (skipped when LOAD_DATABASE_URL is "none"). Passes when: no error responses except designed 429s,
 * no request over 1 s, p99 of catalog reads ≤ 100 ms on PGlite, RSS grows < 10% over the second half
 * (judged in runs of 30 s or more: in CI's 10 s run the heap is still growing to its working size, by
 * 10–13% on PostgreSQL where a 60 s run of the same code stays flat or falls).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Pool } from 'undici';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createL1Headers, DEFAULT_CHAIN_ID, type L1Headers } from '../src/contract/auth';
import { ORDER_FIELDS } from '../src/contract/catalog';
import { createScratchPostgres } from '../src/server/test/database';
import { freePort, killHard, type ServerProcess, startServer } from '../src/server/faults/server-process';
import { percentile } from './stats';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 64);
const PG_BASE = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Every 20th request of a connection is a key operation: 5%. */
const CYCLE = 20;
const WALLETS = CONNECTIONS;
/** What a browser sends (Chromium 156): catalog lists travel compressed. */
const BROWSER_ACCEPT = 'gzip, deflate, br, zstd';
/** Distinct catalog views in the mix. */
const VIEWS = Number(process.env.LOAD_VIEWS ?? 600);
/** The shortest run whose second half tells a leak from the heap's warm-up. */
const RSS_JUDGED_FROM_SECONDS = 30;

interface Credentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}
const accounts = Array.from({ length: WALLETS }, () => privateKeyToAccount(generatePrivateKey()));

/** L1 authorisations are single-use: sign a pool per wallet before the run. */
async function signPool(perWallet: number): Promise<L1Headers[][]> {
  return Promise.all(
    accounts.map(async (account) => {
      const out: L1Headers[] = [];
      for (let i = 0; i < perWallet; i++)
        out.push(await createL1Headers(account, { chainId: DEFAULT_CHAIN_ID }));
      return out;
    }),
  );
}

function l2Headers(creds: Credentials, method: string, path: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(creds.secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const sig = createHmac('sha256', key).update(`${timestamp}${method}${path}`).digest('base64url');
  return {
    SVC_API_KEY: creds.apiKey,
    SVC_PASSPHRASE: creds.passphrase,
    SVC_TIMESTAMP: timestamp,
    SVC_SIGNATURE: `${sig}${'='.repeat((4 - (sig.length % 4)) % 4)}`,
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * The catalog views readers ask for: VIEWS distinct URLs across every parameter, page and order,
 * requested with a Zipf distribution (a few views are very popular, a long tail is rare), as real
 * readers do, after one warm-up pass over every view: the figures are the steady state. (Uniform
 * random URLs would measure only cold misses: 15-60 ms each on PGlite, one at a time.)
 */
async function catalogPaths(client: Pool): Promise<() => string> {
  const json = async (path: string) => (await client.request({ method: 'GET', path })).body.json();
  const tags = (await json('/gamma/tags')) as { id: string; slug: string }[];
  const series = (await json('/gamma/series')) as { id: string }[];
  const page = (await json('/gamma/events?limit=100&order=volume&ascending=false')) as {
    id: string;
    slug: string;
  }[];
  const orders = [...ORDER_FIELDS, 'endDate,volume'];
  const words = ['will', 'fed', 'win', 'price', 'election', 'bitcoin', 'cup', 'rate'];
  const views = [
    '/gamma/events?active=true&closed=false&order=volume&ascending=false&limit=100',
    '/gamma/tags',
  ];
  while (views.length < VIEWS) {
    const r = Math.random();
    if (r < 0.15) views.push(`/gamma/events/slug/${pick(page).slug}`);
    else if (r < 0.2) views.push(`/gamma/events/${pick(page).id}`);
    else {
      const p = new URLSearchParams();
      const limit = pick([10, 20, 50, 100]);
      p.set('limit', String(limit));
      p.set('offset', String(limit * Math.floor(Math.random() ** 2 * 30)));
      p.set('order', pick(orders));
      p.set('ascending', pick(['true', 'false']));
      if (Math.random() < 0.4) {
        const tag = pick(tags);
        if (Math.random() < 0.5) p.set('tag_id', tag.id);
        else p.set('tag_slug', tag.slug);
      }
      if (Math.random() < 0.15) p.set('series_id', pick(series).id);
      if (Math.random() < 0.5) p.set('active', pick(['true', 'false']));
      if (Math.random() < 0.5) p.set('closed', pick(['true', 'false']));
      if (Math.random() < 0.1) p.set('q', pick(words));
      if (Math.random() < 0.1) p.set('volume_min', String(Math.floor(Math.random() * 100_000)));
      views.push(`/gamma/events?${p}`);
    }
  }
  // Warm up: every view once, as a running service would have served it before (steady state).
  const queue = [...views];
  const warm = async () => {
    for (let path = queue.pop(); path; path = queue.pop()) {
      const { body } = await client.request({
        method: 'GET',
        path,
        headers: { 'accept-encoding': BROWSER_ACCEPT },
      });
      await body.arrayBuffer();
    }
  };
  // As many at once as the run uses, so every pooled connection is open and warm.
  await Promise.all(Array.from({ length: CONNECTIONS }, warm));
  // Zipf (s = 1): P(rank k) ∝ 1/k, drawn by inverting the cumulative weights.
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= views.length; k++) {
    total += 1 / k;
    cumulative.push(total);
  }
  return () => {
    const x = Math.random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return views[lo]!;
  };
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** RSS of the server and its workers (children of the primary). */
function totalRss(pid: number): number {
  let total = rssOf(pid);
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    for (const child of children) total += rssOf(Number(child));
  } catch {
    // no children
  }
  return total;
}

interface Outcome {
  name: string;
  rps: number;
  catalogP50: number;
  catalogP99: number;
  keyP99: number;
  max: number;
  /** The load generator's own worst event-loop delay: a slow "request" may be the client's. */
  clientLoopMax: number;
  statuses: Record<string, number>;
  errors: number;
  rssHalf: number;
  rssEnd: number;
  /** Requests over 500 ms: how long, when they started (s into the run), what. */
  slow: { ms: number; at: number; what: string }[];
  /** The server's own warnings that its event loop was blocked: when (s into the run), how long. */
  stalls: { at: number; ms: number }[];
}

interface Planned {
  kind: 'catalog' | 'create' | 'list' | 'revoke';
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  wallet?: number;
}

/**
 * CONNECTIONS virtual users in a closed loop on one undici pool (llhttp; bodies streamed and
 * dropped). Not autocannon: it decodes every response body into a string, which for the catalog's
 * 100–350 KB lists cost the client more than the server and stalled its event loop, so the slowest
 * "requests" were the client's. The client's own event-loop delay is printed beside the figures.
 */
async function run(name: string, server: ServerProcess): Promise<Outcome> {
  const pool = await signPool(Math.ceil((SECONDS * 100) / WALLETS) + 20);
  // One pool for the warm-up and the run, the warm-up right before it: connections, HTTP parser and
  // server caches are warm when timing starts.
  const client = new Pool(server.url, { connections: CONNECTIONS, pipelining: 1 });
  const nextCatalogPath = await catalogPaths(client);
  const catalogLatencies: number[] = [];
  const keyLatencies: number[] = [];
  const statuses: Record<string, number> = {};
  const slow: Outcome['slow'] = [];
  let errors = 0;
  const walletCreds: (Credentials | undefined)[] = accounts.map(() => undefined);
  const idleWallets = accounts.map((_, i) => i);
  let sent = 0;

  const catalogRead = (): Planned => ({
    kind: 'catalog',
    method: 'GET',
    path: nextCatalogPath(),
    headers: { 'accept-encoding': BROWSER_ACCEPT },
  });

  /** Every CYCLE-th request is a key operation of an idle wallet (5%); the rest read the catalog. */
  const plan = (): Planned => {
    const wallet = ++sent % CYCLE === 0 ? idleWallets.shift() : undefined;
    if (wallet === undefined) return catalogRead();
    const signatures = pool[wallet]!;
    if (signatures.length === 0) {
      idleWallets.push(wallet); // pre-signed authorisations used up: read the catalog instead
      return catalogRead();
    }
    const creds = walletCreds[wallet];
    if (!creds)
      return {
        kind: 'create',
        method: 'POST',
        path: '/clob/api-keys',
        headers: { ...signatures.pop()! },
        wallet,
      };
    if (Math.random() < 0.5) {
      return {
        kind: 'list',
        method: 'GET',
        path: '/clob/api-keys',
        headers: l2Headers(creds, 'GET', '/api-keys'),
        wallet,
      };
    }
    const path = `/clob/api-keys?apiKey=${creds.apiKey}`;
    return { kind: 'revoke', method: 'DELETE', path, headers: { ...signatures.pop()! }, wallet };
  };

  const record = (planned: Planned, status: number, body: string, elapsed: number) => {
    (planned.kind === 'catalog' ? catalogLatencies : keyLatencies).push(elapsed);
    if (elapsed > 500)
      slow.push({
        ms: elapsed,
        at: (performance.now() - started - elapsed) / 1000,
        what: `${planned.kind} ${planned.path}`,
      });
    const label = `${planned.kind} ${status}`;
    statuses[label] = (statuses[label] ?? 0) + 1;
    if (status >= 400 && status !== 429) {
      errors++;
      if (errors <= 5) console.error(`  unexpected: ${label} ${body.slice(0, 200)}`);
    }
    if (planned.wallet === undefined) return;
    if (planned.kind === 'create' && status === 201)
      walletCreds[planned.wallet] = JSON.parse(body) as Credentials;
    if (planned.kind === 'revoke' && status === 200) walletCreds[planned.wallet] = undefined;
    idleWallets.push(planned.wallet);
  };

  const startedAt = Date.now();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let rssHalf = 0;
  const half = setTimeout(() => (rssHalf = totalRss(server.child.pid!)), (SECONDS * 1000) / 2);
  const user = async () => {
    while (performance.now() < deadline) {
      const planned = plan();
      const t0 = performance.now();
      try {
        const { statusCode, body } = await client.request(planned);
        let text = '';
        if (planned.kind === 'catalog' && statusCode < 400)
          for await (const _ of body); // dropped
        else text = await body.text();
        record(planned, statusCode, text, performance.now() - t0);
      } catch (err) {
        errors++;
        if (errors <= 5)
          console.error(`  failed: ${planned.kind} ${planned.path}: ${(err as Error).message}`);
        if (planned.wallet !== undefined) idleWallets.push(planned.wallet);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, user));
  const elapsed = (performance.now() - started) / 1000;
  clearTimeout(half);
  loopDelay.disable();
  await client.close();
  const rssEnd = totalRss(server.child.pid!);
  catalogLatencies.sort((a, b) => a - b);
  keyLatencies.sort((a, b) => a - b);
  return {
    name,
    rps: (catalogLatencies.length + keyLatencies.length) / elapsed,
    catalogP50: percentile(catalogLatencies, 50),
    catalogP99: percentile(catalogLatencies, 99),
    keyP99: percentile(keyLatencies, 99),
    max: Math.max(catalogLatencies.at(-1) ?? 0, keyLatencies.at(-1) ?? 0),
    clientLoopMax: loopDelay.max / 1e6,
    statuses,
    errors,
    rssHalf,
    rssEnd,
    slow,
    stalls: serverStalls(server.output(), startedAt),
  };
}

/** The server's "event loop was blocked" warnings (pino JSON lines) during the run. */
function serverStalls(output: string, startedAt: number): Outcome['stalls'] {
  const stalls: Outcome['stalls'] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('event loop was blocked')) continue;
    const entry = JSON.parse(line) as { time: number; blockedMs: number };
    if (entry.time >= startedAt) stalls.push({ at: (entry.time - startedAt) / 1000, ms: entry.blockedMs });
  }
  return stalls;
}

function report(o: Outcome, p99Limit: number | null): boolean {
  const growth = o.rssHalf ? (o.rssEnd - o.rssHalf) / o.rssHalf : 0;
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
  console.log(`\n${o.name}`);
  console.log(`  throughput      ${o.rps.toFixed(0)} req/s`);
  console.log(`  catalog reads   p50 ${o.catalogP50.toFixed(1)} ms, p99 ${o.catalogP99.toFixed(1)} ms`);
  console.log(`  key operations  p99 ${o.keyP99.toFixed(1)} ms`);
  console.log(
    `  slowest         ${o.max.toFixed(0)} ms (client event loop delayed ≤ ${o.clientLoopMax.toFixed(0)} ms)`,
  );
  console.log(
    `  RSS             ${mb(o.rssHalf)} at half time → ${mb(o.rssEnd)} at the end (${(growth * 100).toFixed(1)}%)${
      SECONDS < RSS_JUDGED_FROM_SECONDS ? `, not judged in a run under ${RSS_JUDGED_FROM_SECONDS} s` : ''
    }`,
  );
  console.log(`  responses       ${JSON.stringify(o.statuses)}`);
  const slowest = [...o.slow].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const lines = (list: string[]) => list.join('\n                  ');
  if (slowest.length) {
    console.log(`  over 500 ms     ${o.slow.length} requests; the slowest, with when they started:`);
    console.log(
      `                  ${lines(slowest.map((r) => `${r.ms.toFixed(0)} ms at ${r.at.toFixed(1)} s: ${r.what}`))}`,
    );
  }
  if (o.stalls.length) {
    const worst = [...o.stalls].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(`  server stalls   ${o.stalls.length} (event loop blocked > 250 ms); the longest:`);
    console.log(`                  ${lines(worst.map((x) => `${x.ms} ms, ended at ${x.at.toFixed(1)} s`))}`);
  }
  const failures = [
    o.errors > 0 && `${o.errors} error responses`,
    o.max > 1000 && `a request took ${o.max.toFixed(0)} ms`,
    p99Limit !== null &&
      o.catalogP99 > p99Limit &&
      `catalog p99 ${o.catalogP99.toFixed(1)} ms > ${p99Limit} ms`,
    SECONDS >= RSS_JUDGED_FROM_SECONDS &&
      growth >= 0.1 &&
      `RSS grew ${(growth * 100).toFixed(1)}% over the second half`,
  ].filter(Boolean);
  console.log(failures.length ? `  FAIL: ${failures.join('; ')}` : '  pass');
  return failures.length === 0;
}

async function scenario(name: string, env: Record<string, string>, p99Limit: number | null) {
  const dir = mkdtempSync(join(tmpdir(), 'md-load-'));
  const server = await startServer(
    { DATA_DIR: join(dir, 'data'), SEED_EVENTS: '3000', RATE_LIMIT_MAX: '20000', ...env },
    await freePort(),
  );
  try {
    const outcome = await run(name, server);
    return { outcome, ok: report(outcome, p99Limit) };
  } finally {
    await killHard(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`load: ${CONNECTIONS} connections × ${SECONDS} s, 95% catalog reads / 5% key operations`);
  const results = [await scenario('embedded database (PGlite), 1 process', {}, 100)];
  if (PG_BASE !== 'none') {
    for (const workers of [1, 2]) {
      const db = await createScratchPostgres(PG_BASE, 'md_load');
      try {
        const env = { DATABASE_URL: db.url, WORKERS: String(workers), REDIS_URL };
        results.push(await scenario(`PostgreSQL, WORKERS=${workers}, Redis rate limits`, env, null));
      } finally {
        await db.drop();
      }
    }
    const [, one, two] = results;
    if (one && two)
      console.log(`\nWORKERS=2 throughput gain over 1: ×${(two.outcome.rps / one.outcome.rps).toFixed(2)}`);
  }
  const ok = results.every((r) => r.ok);
  console.log(ok ? '\nload test passed' : '\nload test FAILED');
  process.exit(ok ? 0 : 1);
}

await main();
