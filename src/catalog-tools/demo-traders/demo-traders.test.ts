import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createPublicClient, forkEnvironmentConfig } from '@polymarket/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { referenceExchanges } from '../../contract/orders';
import { rows } from '../../server/db/open';
import { fillViolations, ledgerViolations } from '../../server/exchange/test/invariants';
import { seriesEnds } from '../../server/history/store';
import { buildTestApp, type TestApp } from '../../server/test/app';
import { replaceWithGenerated } from '../seed';
import type { Send } from './client';
import { DemoTraders, fundThroughLedger } from './index';
import { tradableMarkets } from './markets';
import type { TradersSettings } from './runner';

/**
 * The demo traders against the real app, as clients of its HTTP handling (app.inject): a long run driven
 * tick by tick (simulated time, not the wall clock) keeps every rule of the ledger, gives every open
 * market a two-sided book and trades, and everything it did went through the order path as anyone's.
 */

const CHAIN_ID = 80002;
const generated = new Date('2026-11-01T00:00:00Z');
/** Generous budgets: a small catalog, hours of trading in a few hundred ticks. */
const SETTINGS: Partial<TradersSettings> = {
  ordersPerSecond: 20,
  readsPerSecond: 10,
  takersPerSecond: 0.4,
  refreshEverySeconds: 1_200,
};

let t: TestApp;
const secret = randomBytes(32);
const send =
  (app: TestApp['app']): Send =>
  async ({ method, url, headers, payload }) => {
    const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    return { statusCode: res.statusCode, body: res.body };
  };

/** The markets the traders asked to keep charts current for, by call. */
const keptCurrent: string[][] = [];

const create = (runSeed: string, settings: Partial<TradersSettings> = SETTINGS) =>
  DemoTraders.create({
    keepHistories: async (ids) => {
      keptCurrent.push(ids);
    },
    send: send(t.app),
    clobBase: '/clob',
    chainId: CHAIN_ID,
    exchanges: referenceExchanges(1, CHAIN_ID)!,
    walletSecret: secret,
    seed: 'marketdesk',
    runSeed,
    loadMarkets: () => tradableMarkets(t.database.db),
    fund: fundThroughLedger(t.database.db),
    settings,
  });

interface BookSide {
  price: string;
  size: string;
}
const book = async (tokenId: string) =>
  (await t.app.inject({ method: 'GET', url: `/clob/book?token_id=${tokenId}` })).json() as {
    bids: BookSide[];
    asks: BookSide[];
  };

beforeAll(async () => {
  t = await buildTestApp({ CHAIN_ID: String(CHAIN_ID) });
  await replaceWithGenerated(t.database.db, { events: 40, now: generated });
}, 120_000);
afterAll(() => t?.close());

describe('the demo traders, a long randomized run', () => {
  let traders: DemoTraders;
  const problems: string[] = [];

  beforeAll(async () => {
    traders = await create('long run');
    for (let tick = 1; tick <= 300; tick++) {
      await traders.tick(10);
      // The rules hold at every commit; looked at every 50 ticks (and at the end).
      if (tick % 50 === 0) problems.push(...(await ledgerViolations(t.database.db)));
    }
  }, 600_000);

  it('keeps every rule of the ledger, and every fill adds up', async () => {
    expect(problems).toEqual([]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    expect(await fillViolations(t.database.db)).toEqual([]);
    expect(traders.stats.errors).toBe(0);
  });

  it('quotes both sides of every open market and trades, busier markets more', async () => {
    const markets = await tradableMarkets(t.database.db);
    expect(markets.length).toBeGreaterThan(60);
    let twoSided = 0;
    for (const m of markets) {
      const b = await book(m.tokens[0]);
      const fair = traders.fairOf(m.id)!;
      // A market within a tick of 0 or 1 can only be quoted on one side.
      if (b.bids.length >= 2 && b.asks.length >= 2) twoSided++;
      else expect(fair < 0.03 || fair > 0.97, `${m.id} at ${fair}: ${JSON.stringify(b)}`).toBe(true);
    }
    // Not a vacuous check: most markets are away from the edges. How many sit at an edge is the
    // generated catalog's mix (the long shots of exclusive groups), not the traders' doing.
    expect(twoSided / markets.length).toBeGreaterThan(0.6);
    const [fills] = await rows<{ n: number; markets: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT market_id)::int AS markets FROM exchange_fills`,
    );
    expect(fills!.n).toBeGreaterThan(200);
    expect(fills!.markets).toBeGreaterThan(20);
    expect(traders.stats.takerFills).toBeGreaterThan(200);
  });

  it('went through the order path as a client: every order signed under a demo wallet’s API key', async () => {
    const [orders] = await rows<{ n: number; keyed: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n,
                 count(*) FILTER (WHERE EXISTS (SELECT 1 FROM api_keys k WHERE k.api_key::text = o.owner AND k.address = o.maker))::int AS keyed
          FROM exchange_orders o`,
    );
    expect(orders!.n).toBeGreaterThan(500);
    expect(orders!.keyed).toBe(orders!.n);
    // Each state-changing request took a single-use Level-2 mark.
    const [marks] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM used_l2_signatures`,
    );
    expect(marks!.n).toBeGreaterThan(100);
  });

  it('funded its wallets through the ledger: the grant with each first key, then operator credits', async () => {
    const credits = await rows<{ address: string; reason: string; n: number }>(
      t.database.db,
      sql`SELECT address, reason, count(*)::int AS n FROM exchange_ledger GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const addresses = new Set(credits.map((c) => c.address));
    expect(addresses.size).toBe(10);
    for (const address of addresses) {
      expect(credits.find((c) => c.address === address && c.reason === 'grant')?.n).toBe(1);
      expect(credits.find((c) => c.address === address && c.reason === 'fund')?.n).toBeGreaterThanOrEqual(1);
    }
  });

  it('asks for every market’s chart to be kept current, a tenth of them each minute', async () => {
    const markets = await tradableMarkets(t.database.db);
    // 300 steps of 10 s: a call a minute.
    expect(keptCurrent.length).toBe(50);
    expect(keptCurrent[0]!.length).toBe(Math.ceil(markets.length / 10));
    expect(new Set(keptCurrent.slice(0, 10).flat())).toEqual(new Set(markets.map((m) => m.id)));
  });

  it('moves what the catalog shows: prices, volumes and history points', async () => {
    // The catalog follower writes what the books show within about a second.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const [moved] = await rows<{ quoted: number; traded: number; volume: number }>(
      t.database.db,
      sql`SELECT count(*) FILTER (WHERE best_bid IS NOT NULL OR best_ask IS NOT NULL)::int AS quoted,
                 count(*) FILTER (WHERE last_trade_price IS NOT NULL)::int AS traded
          FROM markets`,
    );
    expect(moved!.quoted).toBeGreaterThan(60);
    expect(moved!.traded).toBeGreaterThan(20);
    // Each traded market's history got points after the generated month (the chart moves with it). The
    // follower gives 25 markets a point per flush (two a second), so ~100 markets that started trading
    // together get theirs over a few seconds: waited for, not assumed done.
    await vi.waitFor(
      async () => {
        const traded = await rows<{ tokens: string[] }>(
          t.database.db,
          sql`SELECT clob_token_ids AS tokens FROM markets WHERE last_trade_price IS NOT NULL`,
        );
        const ends = await seriesEnds(
          t.database.db,
          traded.flatMap((m) => m.tokens),
        );
        const recorded = traded.filter((m) =>
          m.tokens.some((k) => (ends.get(k)?.lastTs ?? 0) > generated.getTime() / 1000),
        );
        expect(recorded.length).toBe(traded.length);
      },
      { timeout: 15_000, interval: 500 },
    );
  });

  it('starts again on the same wallets: no second grant, its resting orders taken over, one key each', async () => {
    const liveBefore = await liveOrders();
    await traders.stop();
    const [keys] = await rows<{ active: number }>(
      t.database.db,
      sql`SELECT count(*) FILTER (WHERE revoked_at IS NULL)::int AS active FROM api_keys`,
    );
    expect(keys!.active).toBe(0);
    const again = await create('second run');
    // A market closes meanwhile (as a sync or an import would close it): nothing more is placed there.
    const [closing] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT market_id AS id FROM exchange_orders WHERE status = 'LIVE' ORDER BY seq LIMIT 1`,
    );
    await t.database.db.execute(sql`UPDATE markets SET closed = true WHERE id = ${closing!.id}`);
    const closedAt = await lastSeq();
    // The exchange reads a market's state again within 2 s.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    try {
      await again.tick(1);
      // What rested stays; the new run quotes around it rather than on top of it.
      expect(await liveOrders()).toBeLessThanOrEqual(liveBefore + 60);
      for (let tick = 0; tick < 20; tick++) await again.tick(10);
      const perLevel = await rows<{ market_id: string; n: number }>(
        t.database.db,
        sql`SELECT market_id, count(*)::int AS n FROM exchange_orders WHERE status = 'LIVE' GROUP BY 1 HAVING count(*) > 8`,
      );
      expect(perLevel).toEqual([]);
      const [grants] = await rows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM exchange_ledger WHERE reason = 'grant'`,
      );
      expect(grants!.n).toBe(10);
      expect(await ledgerViolations(t.database.db)).toEqual([]);
      const [after] = await rows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM exchange_orders WHERE market_id = ${closing!.id} AND seq > ${closedAt}`,
      );
      expect(after!.n).toBe(0);
      expect(again.stats.errors).toBe(0);
    } finally {
      await again.stop();
    }
  }, 120_000);
});

async function lastSeq(): Promise<number> {
  const [last] = await rows<{ seq: number }>(
    t.database.db,
    sql`SELECT coalesce(max(seq), 0)::int AS seq FROM exchange_orders`,
  );
  return last!.seq;
}

async function liveOrders(): Promise<number> {
  const [live] = await rows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM exchange_orders WHERE status = 'LIVE'`,
  );
  return live!.n;
}

describe('every demo market, read by the reference SDK', () => {
  it('lists every open demo market and reads the book of each, both sides quoted', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const sdk = createPublicClient({
      environment: forkEnvironmentConfig({
        name: 'marketdesk',
        chainId: CHAIN_ID,
        gamma: { rest: `${base}/gamma` },
        clob: { rest: `${base}/clob` },
      }),
    });
    const notClosed = await rows<{ id: string; tokens: string[]; active: boolean }>(
      t.database.db,
      sql`SELECT m.id, m.clob_token_ids AS tokens, m.active FROM markets m WHERE NOT m.closed ORDER BY m.id`,
    );
    // The SDK drops markets it cannot read (more than two outcomes): none here.
    const listed: string[] = [];
    for await (const page of sdk.listMarkets({ closed: false, pageSize: 100 }))
      listed.push(...page.items.map((m) => m.id));
    expect(listed.sort()).toEqual(notClosed.map((m) => m.id).sort());
    // Every market open for trading has a book the SDK reads (one not yet active has none, as anywhere).
    const open = notClosed.filter((m) => m.active);
    expect(open.length).toBeGreaterThan(60);
    let quoted = 0;
    for (const m of open) {
      const read = await sdk.fetchOrderBook({ tokenId: m.tokens[0]! });
      expect(read.tokenId).toBe(m.tokens[0]);
      if (read.bids.length > 0 && read.asks.length > 0) quoted++;
    }
    expect(quoted / open.length).toBeGreaterThan(0.6);
  }, 120_000);
});
