import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../catalog-tools/generate';
import { DEFAULT_CHAIN_ID } from '../../contract/auth';
import type { Event } from '../../contract/catalog';
import { upsertEvents } from '../catalog/load';
import { type Database, rows } from '../db/open';
import { freePort, killHard, type ServerProcess, startServer } from '../faults/server-process';
import { openTestDatabase } from '../test/database';
import { MARKET_TRUST_MS } from './markets';
import { fillViolations, ledgerViolations } from './test/invariants';
import { acknowledgedButMissing, StormLog, storm, type Tokens } from './test/storm';
import { Trader } from './test/trader';

/**
 * The PostgreSQL leg (CI sets TEST_DATABASE_URL): two server processes on one database, many makers
 * crossing on one market through both at once. Each process's writer keeps books and balances in memory
 * and takes the exchange's turn with a row lock, reloading what the other wrote: no order may be filled
 * twice, and no balance change may be lost.
 */

const MAKERS = 8;
const ORDERS = 400;

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes trading one market', () => {
  let database: Database & { url?: string };
  let dir: string;
  const servers: ServerProcess[] = [];
  let market: Tokens;
  let events: Event[];

  beforeAll(async () => {
    database = await openTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'md-two-writers-'));
    events = generateCatalog({ events: 4, seed: 'two-writers', now: new Date('2026-11-01T00:00:00Z') });
    await upsertEvents(database.db, events);
    const [found] = await rows<{ tokens: string[] }>(
      database.db,
      sql`SELECT clob_token_ids AS tokens FROM markets
          WHERE active AND NOT closed AND NOT neg_risk AND cardinality(clob_token_ids) = 2 ORDER BY id LIMIT 1`,
    );
    market = [found!.tokens[0]!, found!.tokens[1]!];
    const env = {
      DATABASE_URL: database.url!,
      DATA_DIR: join(dir, 'data'),
      // One key for both: either process opens the API keys the other created.
      SVC_MASTER_KEY: '5a'.repeat(32),
      RATE_LIMIT_MAX: '1000000',
      SEED_EVENTS: '0',
      REDIS_URL: '',
    };
    for (const port of [await freePort(), await freePort()])
      servers.push(await startServer(env, port, { fromSources: true }));
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await killHard(server);
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('fill no order twice and lose no balance change', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const onA = await Promise.all(
      Array.from({ length: MAKERS }, () => Trader.create(a.url, DEFAULT_CHAIN_ID)),
    );
    const onB = onA.map((maker) => maker.via(b.url));
    const logs = [new StormLog(), new StormLog()] as const;
    const placed = () => logs[0].placed.length + logs[1].placed.length;
    let running = true;
    // Every maker trades through both processes at once, on the same book.
    const hammer = Promise.all(
      [onA, onB].map((traders, i) =>
        storm({ traders, markets: [market], workers: 8, running: () => running, log: logs[i]! }),
      ),
    );
    const deadline = Date.now() + 240_000;
    while (placed() < ORDERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    running = false;
    await hammer;
    expect(placed()).toBeGreaterThanOrEqual(ORDERS);

    // Both processes took orders, and neither answered anything but an acknowledgement or a refusal.
    for (const [i, log] of logs.entries()) {
      expect(log.unexpected, servers[i]!.output()).toEqual([]);
      expect(log.placed.length).toBeGreaterThan(ORDERS / 10);
      expect(await acknowledgedButMissing(database.db, log)).toEqual([]);
    }
    // No double fill (Σ fills ≤ size; resting orders keep size − fills), no lost update (every balance is
    // credits plus fills; every reservation is what the live orders hold), nothing crossed.
    expect(await fillViolations(database.db)).toEqual([]);
    expect(await ledgerViolations(database.db)).toEqual([]);
    const [fills] = await rows<{ n: number; makers: number }>(
      database.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT maker_order_id)::int AS makers FROM exchange_fills`,
    );
    expect(fills!.n).toBeGreaterThan(ORDERS / 10);
    console.log(
      `two processes: ${logs[0].placed.length} + ${logs[1].placed.length} orders acknowledged, ${fills!.n} fills, ${logs[0].refused + logs[1].refused} refused`,
    );

    // Both processes show the same committed book (once the other's cache has lapsed).
    await new Promise((r) => setTimeout(r, 600));
    const books = await Promise.all(
      servers.map(async (s) => {
        const body = (await (await fetch(`${s.url}/clob/book?token_id=${market[0]}`)).json()) as object;
        return { ...body, timestamp: '', hash: '' };
      }),
    );
    expect(books[1]).toEqual(books[0]);
  }, 300_000);

  it('takes one signed order once, whichever processes it is sent to', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const maker = await Trader.create(a.url, DEFAULT_CHAIN_ID);
    const twin = maker.via(b.url);
    const body = await maker.order({ tokenId: market[0], side: 'BUY', price: 0.02, size: 10 });
    const answers = await Promise.all([
      maker.request('POST', '/order', body),
      twin.request('POST', '/order', body),
      maker.request('POST', '/order', body),
      twin.request('POST', '/order', body),
    ]);
    const codes = answers.map((r) => (r.statusCode === 200 ? 'OK' : r.json().code)).sort();
    expect(codes).toEqual(['OK', 'ORDER_DUPLICATED', 'ORDER_DUPLICATED', 'ORDER_DUPLICATED']);
    // Cancelled through either process at once: one cancel takes it, the other finds it gone.
    const id = answers.find((r) => r.statusCode === 200)!.json().orderID;
    const cancels = await Promise.all([
      maker.request('DELETE', '/order', { orderID: id }),
      twin.request('DELETE', '/order', { orderID: id }),
    ]);
    expect(cancels.map((r) => r.json().canceled.length).sort()).toEqual([0, 1]);
    expect(await maker.balance()).toBe(1_000_000_000n);
    expect(await ledgerViolations(database.db)).toEqual([]);
  });

  it('cancel the resting orders of a market that a load by a third process closes, on both', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const tradable = (m: Event['markets'][number]) =>
      m.active && !m.closed && m.clobTokenIds.length === 2 && m.clobTokenIds[0] !== market[0];
    const open = events.find((e) => e.markets.some(tradable))!;
    const closing = open.markets.find(tradable)!;
    const [yes, no] = closing.clobTokenIds as [string, string];
    const onA = await Trader.create(a.url, DEFAULT_CHAIN_ID);
    const onB = await Trader.create(b.url, DEFAULT_CHAIN_ID);
    const ids: [Trader, string][] = [];
    const rest = async (trader: Trader, tokenId: string, price: number) => {
      const res = await trader.place({ tokenId, side: 'BUY', price, size: 10, negRisk: closing.negRisk });
      expect(res.statusCode, res.body).toBe(200);
      ids.push([trader, res.json().orderID]);
    };
    await rest(onA, yes, 0.3);
    await rest(onB, no, 0.4);
    // Both registries have read the market just now; the load commits from this process (as the CLI would).
    await upsertEvents(database.db, [
      { ...open, markets: open.markets.map((m) => (m.id === closing.id ? { ...m, closed: true } : m)) },
    ]);
    // An order that reaches a process still trusting its earlier read rests for a moment, then goes too.
    const late = await onB.place({
      tokenId: yes,
      side: 'BUY',
      price: 0.2,
      size: 10,
      negRisk: closing.negRisk,
    });
    if (late.statusCode === 200) ids.push([onB, late.json().orderID]);
    else expect(late.json().code).toBe('ORDERBOOK_NOT_FOUND');

    const deadline = Date.now() + 15_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      statuses = await Promise.all(
        ids.map(async ([trader, id]) => (await trader.request('GET', `/data/order/${id}`)).json().status),
      );
      if (statuses.every((s) => s === 'CANCELED')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(statuses).toEqual(ids.map(() => 'CANCELED'));
    for (const trader of [onA, onB]) expect(await trader.balance()).toBe(1_000_000_000n);
    expect(await ledgerViolations(database.db)).toEqual([]);
    // Each process stops showing the book once its registry reads the catalog again.
    await new Promise((r) => setTimeout(r, MARKET_TRUST_MS));
    for (const server of servers)
      expect((await fetch(`${server.url}/clob/book?token_id=${yes}`)).status).toBe(404);
  }, 60_000);
});
