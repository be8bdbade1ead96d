import { createPublicClient, forkEnvironmentConfig } from '@polymarket/client';
import { LIST_PRESETS, presetQuery } from '../src/contract/list-presets';
import { median } from './stats';

/**
 * Keyset against offset pages, side by side on the same running server (part of `npm run
 * bench:catalog`): a page of 100 at depth 90,000 in title order, each request cold (a cursor or an
 * offset never asked before, so no cached answer), then a full walk of the open events with the
 * reference SDK in pages of 500. Each cold request's server time is what its Server-Timing header
 * says (the database and the shaping of the answer); the round trip (uncompressed, loopback) beside it.
 */

const DEPTH = 90_000;
const SAMPLES = 9;

async function timed(url: string): Promise<{ ms: number; server: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} → ${response.status}: ${JSON.stringify(body)}`);
  const server = Number(
    /db;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN,
  );
  return { ms, server, body };
}

const fmt = (samples: { ms: number; server: number }[]) => {
  const server = samples.map((s) => s.server);
  const trip = samples.map((s) => s.ms);
  return `server median ${median(server).toFixed(1)} ms, max ${Math.max(...server).toFixed(1)} ms; round trip median ${median(trip).toFixed(1)} ms (${samples.length} cold)`;
};

/** Cursors at `at`, `at` + 10, …: positions no request has asked for yet. */
async function cursorsAtDepth(gamma: string, order: string, at = DEPTH): Promise<string[]> {
  let cursor = '';
  let depth = 0;
  const page = async (limit: number) => {
    const after = cursor ? `&after_cursor=${encodeURIComponent(cursor)}` : '';
    const { body } = await timed(`${gamma}/events/keyset?${order}&limit=${limit}${after}`);
    cursor = (body as { next_cursor: string }).next_cursor;
    depth += limit;
  };
  while (depth + 500 <= at) await page(500);
  if (depth < at) await page(at - depth);
  const cursors: string[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    cursors.push(cursor);
    await page(10);
  }
  return cursors;
}

/**
 * The dashboard's lists (src/contract/list-presets.ts): a keyset page of 100 of each, first and at
 * 90% of the list's length, cold.
 */
export async function measurePresets(base: string): Promise<void> {
  const gamma = `${base}/gamma`;
  console.log("\nthe dashboard's lists, a keyset page of 100 (cold):");
  const queryOf = (preset: (typeof LIST_PRESETS)[number]) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(presetQuery(preset, Date.now())))
      params.set(name, String(value));
    return params.toString();
  };
  // A first request of each list warms the database's pages (the answers measured are still uncached).
  for (const preset of LIST_PRESETS) await timed(`${gamma}/events/keyset?${queryOf(preset)}&limit=99`);
  for (const preset of LIST_PRESETS) {
    const query = queryOf(preset);
    const counted = await fetch(`${gamma}/events?${query}&limit=1`);
    const total = Number(counted.headers.get('x-total-count'));
    const first = [];
    for (let i = 0; i < SAMPLES; i++)
      first.push(await timed(`${gamma}/events/keyset?${query}&limit=${100 + i}`));
    const depth = Math.max(0, Math.floor(total * 0.9) - 100);
    const deep = [];
    for (const c of await cursorsAtDepth(gamma, query, depth))
      deep.push(
        await timed(`${gamma}/events/keyset?${query}&limit=100&after_cursor=${encodeURIComponent(c)}`),
      );
    const worst = Math.max(median(first.map((s) => s.server)), median(deep.map((s) => s.server)));
    console.log(`  ${preset} (${total.toLocaleString('en')} events): ${query}`);
    console.log(`    first page:          ${fmt(first)}`);
    console.log(
      `    depth ${depth.toLocaleString('en').padEnd(7)}        ${fmt(deep)}   target ≤ 10 ms: ${worst <= 10 ? 'OK' : 'MISSED'}`,
    );
  }
}

export async function measureKeyset(base: string): Promise<void> {
  const gamma = `${base}/gamma`;
  await measurePresets(base);
  if (process.env.BENCH_ONLY === 'presets') return;
  console.log(`\nkeyset vs offset, a page of 100 at depth ${DEPTH.toLocaleString('en')} (cold):`);
  for (const order of ['order=title', 'order=volume&ascending=false']) {
    const cursors = await cursorsAtDepth(gamma, order);
    const keyset = [];
    for (const c of cursors)
      keyset.push(
        await timed(`${gamma}/events/keyset?${order}&limit=100&after_cursor=${encodeURIComponent(c)}`),
      );
    const first = [];
    for (let i = 0; i < SAMPLES; i++)
      first.push(await timed(`${gamma}/events/keyset?${order}&limit=${100 + i}`));
    await timed(`${gamma}/events?${order}&limit=1&offset=1`); // the total is counted once per filter set
    const offset = [];
    for (let i = 0; i < SAMPLES; i++)
      offset.push(await timed(`${gamma}/events?${order}&limit=100&offset=${DEPTH + i * 10}`));
    const deep = median(keyset.map((s) => s.server));
    console.log(`  ${order}`);
    console.log(`    keyset, first page: ${fmt(first)}`);
    console.log(`    keyset, depth 90k:  ${fmt(keyset)}   target ≤ 10 ms: ${deep <= 10 ? 'OK' : 'MISSED'}`);
    console.log(
      `    offset, depth 90k:  ${fmt(offset)}   keyset ×${(median(offset.map((s) => s.server)) / deep).toFixed(0)} faster`,
    );
  }

  // The same walk without the SDK: how much of it is the server's.
  let cursor = '';
  let raw = 0;
  let server = 0;
  const rawStarted = performance.now();
  do {
    const after = cursor ? `&after_cursor=${encodeURIComponent(cursor)}` : '';
    const page = await timed(`${gamma}/events/keyset?closed=false&limit=500${after}`);
    const body = page.body as { events: unknown[]; next_cursor?: string };
    raw += body.events.length;
    server += page.server;
    cursor = body.next_cursor ?? '';
  } while (cursor);
  const rawSeconds = (performance.now() - rawStarted) / 1000;
  console.log(
    `\nfull walk of the open events, pages of 500, plain fetch: ${raw.toLocaleString('en')} events in ${rawSeconds.toFixed(1)} s = ${Math.round(raw / rawSeconds).toLocaleString('en')} events/s (server time ${(server / 1000).toFixed(1)} s)`,
  );

  const sdk = createPublicClient({
    environment: forkEnvironmentConfig({
      name: 'bench',
      gamma: { rest: gamma },
      clob: { rest: `${base}/clob` },
    }),
  });
  const started = performance.now();
  let events = 0;
  let pages = 0;
  for await (const page of sdk.listEvents({ pageSize: 500 })) {
    events += page.items.length;
    pages++;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `full walk with the reference SDK (listEvents, pages of 500, its default closed=false): ${events.toLocaleString('en')} events in ${pages} pages, ${seconds.toFixed(1)} s = ${Math.round(events / seconds).toLocaleString('en')} events/s`,
  );
}
