/**
 * Dashboard weight and quality, per route (`npm run bench:web`):
 *  1. builds the dashboard, starts the real server on a fresh embedded database with the demo catalog
 *     (its images are local; the fixture exports point at a CDN this closed network cannot reach, which
 *     Lighthouse would count as console errors);
 *  2. opens each route in a fresh Chromium context and sums the JS and CSS it downloads on first load
 *     (gzip -9 of each file; what travels is brotli, also printed), and checks the catalog routes load
 *     no wallet code (wagmi/viem), with /keys as the positive control of that check;
 *  3. runs Lighthouse (mobile and desktop presets) on / and one event page, LIGHTHOUSE_RUNS times each
 *     (default 3; 0 measures the weights only), and prints the lowest performance score;
 *  4. runs the mobile preset again with its CPU slowdown calibrated to this machine's speed (below), for
 *     a figure that does not depend on how fast the machine happened to be (LIGHTHOUSE_CALIBRATED=0 skips it).
 * Budgets (printed with each figure): catalog first load ≤ 120 kB gzip JS with no wallet code;
 * Lighthouse mobile performance ≥ 95 on / and /e/:slug (lowest of the runs), accessibility, best
 * practices and SEO 100.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { throttling } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { median } from './stats';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 18450);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const BUDGET_JS_KB = 120;
const BUDGET_JS_GZIP = BUDGET_JS_KB * 1024;
const BUDGET_PERFORMANCE = 95;
/** Accessibility, best practices and SEO: each must be 100. */
const BUDGET_OTHER = 100;
/** Lighthouse runs per page and preset: its score moves run to run, and the target is for the lowest. */
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * Simulated throttling multiplies the CPU time it observes (4× on mobile), so a score depends on the
 * machine's speed: Lighthouse's documentation calibrates the 4× for a host whose benchmarkIndex is
 * 1500–2000 (a high-end desktop). The calibrated runs scale the multiplier by this machine's measured
 * index against the middle of that range, so they emulate the same phone on a fast machine or a slow one.
 */
const REFERENCE_BENCHMARK_INDEX = 1750;
const CALIBRATED = process.env.LIGHTHOUSE_CALIBRATED !== '0';
/** Strings only wallet libraries carry (their version tags and error texts survive minification). */
const WALLET_MARKERS = [
  /viem@\d/,
  /wagmi@\d/,
  /@wagmi\/core@/,
  /eth_requestAccounts/,
  /eip6963:announceProvider/,
];

interface Weight {
  route: string;
  jsFiles: number;
  jsRaw: number;
  jsGzip: number;
  jsBrotli: number;
  /** Scripts loaded after the first load (chunks the page imports once hydrated, such as the chart). */
  laterGzip: number;
  cssGzip: number;
  wallet: boolean;
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/gamma/events?limit=1`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

function startServer(dataDir: string): ChildProcess {
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_EVENTS: '400',
    LOG_LEVEL: 'warn',
    // Measured alone: the demo traders (on for a generated catalog) would share the server's time.
    DEMO_TRADERS: 'off',
  };
  return spawn('npx', ['tsx', 'src/server/main.ts'], { env, stdio: 'inherit', detached: true });
}

async function measure(routes: string[]): Promise<Weight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const out: Weight[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies: Promise<{ type: string; url: string; body: Buffer } | null>[] = [];
      page.on('response', (res) => {
        const type = res.request().resourceType();
        // A response still arriving when the context closes (a link's preload in idle time) is not
        // part of the first load: its body read then fails, which must not end the benchmark.
        if (type === 'script' || type === 'stylesheet')
          bodies.push(
            res.body().then(
              (body) => ({ type, url: new URL(res.url()).pathname, body }),
              () => null,
            ),
          );
      });
      const document = await page.goto(`${BASE}${route}`, { waitUntil: 'networkidle' });
      // The first load is what the page's HTML names (its module script and any modulepreload);
      // chunks imported after hydration come on top, whenever they happen to arrive.
      const named = new Set(
        [
          ...((await document?.text()) ?? '').matchAll(
            /<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+\.js)"/g,
          ),
        ].map(([, path]) => path),
      );
      const files = (await Promise.all(bodies)).filter((f) => f !== null);
      const scripts = files.filter((f) => f.type === 'script');
      const js = scripts.filter((f) => named.has(f.url));
      const w: Weight = {
        route,
        jsFiles: js.length,
        jsRaw: js.reduce((n, f) => n + f.body.length, 0),
        jsGzip: js.reduce((n, f) => n + gzipSync(f.body, { level: 9 }).length, 0),
        jsBrotli: js.reduce((n, f) => n + brotliCompressSync(f.body).length, 0),
        laterGzip: scripts
          .filter((f) => !named.has(f.url))
          .reduce((n, f) => n + gzipSync(f.body, { level: 9 }).length, 0),
        cssGzip: files
          .filter((f) => f.type === 'stylesheet')
          .reduce((n, f) => n + gzipSync(f.body, { level: 9 }).length, 0),
        wallet: scripts.some((f) => WALLET_MARKERS.some((m) => m.test(f.body.toString('utf8')))),
      };
      out.push(w);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/**
 * One Lighthouse run's scores, or null when Lighthouse could not measure the page (it then reports a
 * runtime error, such as a trace without a navigation start, and scores 0). `cpuSlowdown`: the mobile
 * preset with this CPU multiplier instead of its 4×.
 */
async function runLighthouse(
  url: string,
  preset: 'mobile' | 'desktop',
  cpuSlowdown?: number,
): Promise<Record<string, number> | null> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        ...(cpuSlowdown === undefined
          ? {}
          : { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } }),
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result!.lhr;
    if (lhr.runtimeError) {
      console.log(
        `  Lighthouse could not measure ${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
      );
      return null;
    }
    const scores: Record<string, number> = {};
    for (const [id, category] of Object.entries(lhr.categories))
      scores[id] = Math.round((category.score ?? 0) * 100);
    // Lighthouse's own reading of this machine's speed: simulated throttling multiplies what it observes,
    // so a run on a momentarily slower machine (a 2-core VM whose speed moves) scores lower.
    scores.benchmarkIndex = Math.round(lhr.environment.benchmarkIndex);
    for (const audit of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ])
      scores[audit] = Number(
        lhr.audits[audit]?.numericValue?.toFixed(audit === 'cumulative-layout-shift' ? 3 : 0),
      );
    const failing = Object.values(lhr.categories)
      .filter((c) => c.id !== 'performance')
      .flatMap((c) =>
        c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => r.id),
      );
    if (failing.length > 0) console.log(`  ${preset} ${url}: failing audits: ${failing.join(', ')}`);
    if (preset === 'mobile') console.log(longTasks(lhr));
    return scores;
  } finally {
    chrome.kill();
  }
}

/** Where the blocking time came from: the run's long tasks (throttled ms) and the script each is charged to. */
function longTasks(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const items =
    (lhr.audits['long-tasks']?.details as { items?: { url: string; startTime: number; duration: number }[] })
      ?.items ?? [];
  const tasks = items.map(
    (t) =>
      `${t.url.replace(BASE, '').replace(/^.*\/assets\//, '') || '(page)'} ${Math.round(t.duration)} ms at ${Math.round(t.startTime)}`,
  );
  return `    long tasks: ${tasks.length > 0 ? tasks.join('; ') : 'none'}`;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** LIGHTHOUSE_RUNS runs of one page and preset, each printed, then the lowest performance score. */
async function runSet(
  url: string,
  preset: 'mobile' | 'desktop',
  calibrated?: { cpuSlowdown: number; benchmarkIndex: number },
): Promise<{ benchmarkIndexes: number[] }> {
  const cpuSlowdown = calibrated?.cpuSlowdown;
  const label = calibrated
    ? `mobile, CPU ${calibrated.cpuSlowdown.toFixed(1)}× (calibrated to benchmarkIndex ${calibrated.benchmarkIndex})`
    : preset;
  const page = url.replace(BASE, '').slice(0, 40);
  const performance: number[] = [];
  const others: number[] = [];
  const benchmarkIndexes: number[] = [];
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
    // A run Lighthouse could not measure is run again (twice at most), not counted as a score of 0.
    let s = await runLighthouse(url, preset, cpuSlowdown);
    for (let retry = 0; s === null && retry < 2; retry++) s = await runLighthouse(url, preset, cpuSlowdown);
    if (s === null) throw new Error(`Lighthouse could not measure ${url} in three attempts`);
    performance.push(s.performance!);
    others.push(s.accessibility!, s['best-practices']!, s.seo!);
    benchmarkIndexes.push(s.benchmarkIndex!);
    console.log(
      `${label} ${page} run ${run}: perf ${s.performance} · a11y ${s.accessibility} · best practices ${s['best-practices']} · SEO ${s.seo}` +
        `  (FCP ${s['first-contentful-paint']} ms, LCP ${s['largest-contentful-paint']} ms, TBT ${s['total-blocking-time']} ms, CLS ${s['cumulative-layout-shift']}; machine speed ${s.benchmarkIndex})`,
    );
  }
  const lowest = Math.min(...performance);
  const verdict =
    preset === 'desktop'
      ? '(desktop: for information)'
      : calibrated
        ? `(for information: the same phone at any machine speed; Lighthouse calibrates its 4× for a benchmarkIndex of 1500–2000)`
        : lowest >= BUDGET_PERFORMANCE
          ? `(≥ ${BUDGET_PERFORMANCE})`
          : `(BELOW ${BUDGET_PERFORMANCE})`;
  const otherVerdict = Math.min(...others) >= BUDGET_OTHER ? 'all 100' : 'NOT ALL 100';
  console.log(
    `${label} ${page} performance over ${LIGHTHOUSE_RUNS} runs: lowest ${lowest} ${verdict}; accessibility, best practices, SEO: ${otherVerdict}`,
  );
  return { benchmarkIndexes };
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-web-'));
  const server = startServer(dataDir);
  try {
    await waitForServer();
    const top = (await (
      await fetch(`${BASE}/gamma/events?active=true&closed=false&order=volume&ascending=false&limit=1`)
    ).json()) as { slug: string }[];
    const eventRoute = `/e/${top[0]!.slug}`;
    const routes = [
      '/',
      '/?list=movers',
      '/tags',
      '/series',
      '/tags/2',
      '/series/35',
      eventRoute,
      '/watchlist',
      '/keys',
    ];

    console.log(
      '\nFirst load per route (fresh browser context; JS: the files its HTML names; later: chunks it imports once hydrated; gzip -9 of each file; brotli is what is sent):',
    );
    console.log(
      'route'.padEnd(48),
      'JS files',
      'JS raw'.padStart(10),
      'JS gzip'.padStart(10),
      'JS br'.padStart(10),
      'CSS gzip'.padStart(10),
      'later gzip'.padStart(11),
      ' wallet code',
    );
    const weights = await measure(routes);
    for (const w of weights) {
      const catalog = w.route !== '/keys';
      const verdict = catalog
        ? `${w.jsGzip <= BUDGET_JS_GZIP ? `within ${BUDGET_JS_KB} kB` : `OVER ${BUDGET_JS_KB} kB`}${w.wallet ? ', WALLET CODE' : ''}`
        : '(keys page: the check does find wallet code)';
      console.log(
        w.route.slice(0, 47).padEnd(48),
        String(w.jsFiles).padStart(8),
        kb(w.jsRaw).padStart(10),
        kb(w.jsGzip).padStart(10),
        kb(w.jsBrotli).padStart(10),
        kb(w.cssGzip).padStart(10),
        (w.laterGzip > 0 ? `+${kb(w.laterGzip)}` : '').padStart(11),
        ` ${w.wallet ? 'YES' : 'no'}  ${verdict}`,
      );
    }

    if (LIGHTHOUSE_RUNS === 0) return;
    console.log(
      `\nLighthouse 12 (simulated throttling; mobile = Moto G Power / slow 4G, desktop = desktop preset); budget: mobile performance ≥ ${BUDGET_PERFORMANCE} (lowest run), accessibility, best practices, SEO ${BUDGET_OTHER}:`,
    );
    for (const url of [`${BASE}/`, `${BASE}${eventRoute}`]) {
      const mobile = await runSet(url, 'mobile');
      await runSet(url, 'desktop');
      if (CALIBRATED) {
        const benchmarkIndex = median(mobile.benchmarkIndexes);
        await runSet(url, 'mobile', {
          cpuSlowdown: (4 * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX,
          benchmarkIndex,
        });
      }
    }
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
