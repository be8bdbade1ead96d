import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferenceBook } from '../../engine/test/reference-book';
import type { Level, Outcome, PlaceResult, RestingOrder, Side, TimeInForce } from '../../engine/types';
import { rows } from '../db/open';
import type { TestApp } from '../test/app';
import { buildTradingApp, TEST_CHAIN } from './test/trading-app';
import { readLiveOrders } from './live-orders';
import { fillViolations, ledgerViolations } from './test/invariants';
import { type Reply, Trader } from './test/trader';
import type { AccountSummary, Position } from '../../contract/trading';

/**
 * Money is sacred, through the real server: random order flows from several makers, over HTTP, on a few
 * markets (limit and market orders of both outcomes and sides, cancels of every kind, batches, and
 * requests in flight together). After every step, as committed: the ledger's rules hold, the fills add up,
 * each outcome's public book mirrors the other's and is the book a naive model builds from the live
 * orders. After a step run alone, the naive model also predicts the answer and the book to the order.
 */

/** Even: the opening mints pair every maker. */
const TRADERS = 6;
const MARKETS = 3;
const HOUR = 3600;

interface MarketRef {
  id: string;
  conditionId: string;
  tokens: [string, string];
}

/** The answer to one placement (POST /order, or one entry of POST /orders). */
interface PlaceAnswer {
  success: boolean;
  errorMsg: string;
  orderID: string;
  status: string;
  makingAmount: string;
  takingAmount: string;
  tradeIDs: string[];
}

/** One order as a client signs it: the amounts themselves, so that market orders round as clients do. */
interface OrderStep {
  kind: 'order';
  trader: number;
  market: number;
  outcome: Outcome;
  side: Side;
  timeInForce: TimeInForce;
  postOnly: boolean;
  makerAmount: bigint;
  takerAmount: bigint;
}
type CancelStep =
  | { kind: 'cancel'; trader: number; picks: number[] }
  | { kind: 'cancel-all'; trader: number }
  | { kind: 'cancel-market'; trader: number; market: number };
type BatchStep = { kind: 'batch'; trader: number; orders: OrderStep[] };
type SoloStep = OrderStep | CancelStep | BatchStep;
type Step = SoloStep | { kind: 'together'; steps: SoloStep[] };

const trader = fc.integer({ min: 0, max: TRADERS - 1 });
/** Market 0 busiest: most orders meet there; the others keep cancels across markets honest. */
const market = fc.constantFrom(0, 0, 0, 1, 2);
const outcome = fc.constantFrom<Outcome>(0, 1);

/** A limit order near the middle, where both outcomes' orders cross: price × size exactly, whole centishares. */
const limitOrder: fc.Arbitrary<OrderStep> = fc
  .record({
    trader,
    market,
    outcome,
    side: fc.constantFrom<Side>('BUY', 'SELL'),
    cents: fc.integer({ min: 44, max: 56 }),
    size: fc.integer({ min: 500, max: 3000 }),
    timeInForce: fc.constantFrom<TimeInForce>('GTC', 'GTC', 'GTC', 'GTC', 'GTD', 'FOK', 'FAK'),
    postOnly: fc.boolean(),
  })
  .map(({ cents, size, ...o }) => {
    const shares = BigInt(size) * 10_000n;
    const cash = BigInt(cents * 100 * size);
    return {
      kind: 'order' as const,
      ...o,
      // The reference refuses post-only market orders; that refusal is not what this test is about.
      postOnly: o.postOnly && (o.timeInForce === 'GTC' || o.timeInForce === 'GTD') && cents % 3 === 0,
      makerAmount: o.side === 'BUY' ? cash : shares,
      takerAmount: o.side === 'BUY' ? shares : cash,
    };
  });

/**
 * A market order as the reference clients build one: a BUY spends an amount of collateral at a worst price
 * (shares rounded down to 4 decimals), a SELL sells shares (not always whole centishares) for at least a
 * worst price (collateral rounded down to 4 decimals). The price they imply may be off the tick.
 */
const marketOrder: fc.Arbitrary<OrderStep> = fc
  .record({
    trader,
    market,
    outcome,
    side: fc.constantFrom<Side>('BUY', 'SELL'),
    timeInForce: fc.constantFrom<TimeInForce>('FOK', 'FAK'),
    cents: fc.integer({ min: 100, max: 2500 }),
    worst: fc.integer({ min: 5, max: 99 }),
    centishares: fc.integer({ min: 100, max: 1500 }),
    dust: fc.integer({ min: 0, max: 99 }),
  })
  .map(({ cents, worst, centishares, dust, ...o }) => {
    const price = BigInt((o.side === 'BUY' ? Math.max(worst, 55) : Math.min(worst, 45)) * 100);
    if (o.side === 'BUY') {
      const cash = BigInt(cents) * 10_000n;
      const shares = ((cash * 10_000n) / price / 100n) * 100n;
      return { kind: 'order' as const, ...o, postOnly: false, makerAmount: cash, takerAmount: shares };
    }
    const shares = BigInt(centishares) * 10_000n + BigInt(dust) * 100n;
    const cash = ((shares * price) / 10_000n / 100n) * 100n;
    return { kind: 'order' as const, ...o, postOnly: false, makerAmount: shares, takerAmount: cash };
  });

const order = fc.oneof({ weight: 4, arbitrary: limitOrder }, { weight: 1, arbitrary: marketOrder });
const cancel: fc.Arbitrary<CancelStep> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      trader,
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel-all' as const), trader }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel-market' as const), trader, market }) },
);
const batch: fc.Arbitrary<BatchStep> = fc
  .record({ trader, orders: fc.array(order, { minLength: 1, maxLength: 5 }) })
  .map(({ trader, orders }) => ({ kind: 'batch', trader, orders: orders.map((o) => ({ ...o, trader })) }));
const solo: fc.Arbitrary<SoloStep> = fc.oneof(
  { weight: 8, arbitrary: order },
  { weight: 3, arbitrary: cancel },
  { weight: 1, arbitrary: batch },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: solo },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('together' as const),
      steps: fc.array(fc.oneof({ weight: 4, arbitrary: order }, cancel, batch), {
        minLength: 2,
        maxLength: 6,
      }),
    }),
  },
);

/** The terms a signed order means (docs/exchange.md, "Units"), worked out here on their own. */
function termsOf(o: OrderStep): { price: number; size: number; budget?: number } {
  const shares = o.side === 'BUY' ? o.takerAmount : o.makerAmount;
  const cash = o.side === 'BUY' ? o.makerAmount : o.takerAmount;
  const scaled = cash * 10_000n;
  const price = o.side === 'BUY' ? scaled / shares : (scaled + shares - 1n) / shares;
  const terms = { price: Number(price), size: Number(shares / 10_000n) };
  // A market buy spends what it gives (the reference's), whatever its size.
  const market = o.timeInForce === 'FOK' || o.timeInForce === 'FAK';
  return market && o.side === 'BUY' ? { ...terms, budget: Number(cash) } : terms;
}

/** Whole units as the reference writes them ("12.5") in integer units of 1/`scale`. */
const scaled = (text: string, scale: number) => Math.round(Number(text) * scale);
const levelsOf = (side: { price: string; size: string }[]): Level[] =>
  side.map((l) => ({ price: scaled(l.price, 10_000), size: scaled(l.size, 100) }));

let t: TestApp;
let pool: MarketRef[];
let nextMarket = 0;

beforeAll(async () => {
  t = await buildTradingApp('ledger-http', 60, { RATE_LIMIT_MAX: '1000000' });
  pool = (
    await rows<{ id: string; condition_id: string; tokens: string[] }>(
      t.database.db,
      sql`SELECT id, condition_id, clob_token_ids AS tokens FROM markets
          WHERE active AND NOT closed AND NOT neg_risk AND cardinality(clob_token_ids) = 2 ORDER BY id`,
    )
  ).map((m) => ({ id: m.id, conditionId: m.condition_id, tokens: [m.tokens[0]!, m.tokens[1]!] }));
  expect(pool.length).toBeGreaterThanOrEqual(MARKETS * 8);
}, 60_000);
afterAll(() => t?.close());

/**
 * One run: fresh makers on markets no earlier run traded (while they last), so a failing run replays
 * alike when fast-check shrinks it. The model is the naive book of each market; null while requests in
 * flight together leave the order they were matched in unknown (it is read back from the live orders).
 */
class Run {
  model: Map<string, ReferenceBook> | null = null;
  /** Each maker's order ids, as acknowledged (live or not: cancelling a dead one is a step too). */
  readonly known: string[][];

  constructor(
    readonly traders: Trader[],
    readonly markets: MarketRef[],
  ) {
    this.known = traders.map(() => []);
  }

  static async start(): Promise<Run> {
    const markets = Array.from({ length: MARKETS }, () => pool[nextMarket++ % pool.length]!);
    const traders = await Promise.all(
      Array.from({ length: TRADERS }, () => Trader.create(t.app, TEST_CHAIN)),
    );
    const run = new Run(traders, markets);
    await run.check();
    // Makers start with collateral only: in every market, half of them buy one outcome and half the
    // other, at 0.5, minting shares for them to sell.
    const gtc = (o: Omit<OrderStep, 'kind' | 'timeInForce' | 'postOnly'>): OrderStep => ({
      kind: 'order',
      timeInForce: 'GTC',
      postOnly: false,
      ...o,
    });
    await run.step({
      kind: 'together',
      steps: traders.map((_, trader) => ({
        kind: 'batch',
        trader,
        orders: markets.map((_, market) =>
          gtc({
            trader,
            market,
            outcome: ((trader + market) % 2) as Outcome,
            side: 'BUY',
            makerAmount: 30_000_000n,
            takerAmount: 60_000_000n,
          }),
        ),
      })),
    });
    // And two of them sell back both outcomes of a set (a merge), one resting, one meeting it.
    for (const trader of [0, 1])
      await run.step(
        gtc({
          trader,
          market: 0,
          outcome: trader as Outcome,
          side: 'SELL',
          makerAmount: 10_000_000n,
          takerAmount: 5_000_000n,
        }),
      );
    return run;
  }

  async step(s: Step): Promise<void> {
    if (s.kind === 'together') {
      this.model = null;
      await Promise.all(s.steps.map((one) => this.solo(one, false)));
    } else {
      const batch = s.kind === 'batch';
      // A batch's orders are checked concurrently, so they reach the book in no set order.
      if (batch) this.model = null;
      await this.solo(s, !batch && this.model !== null);
    }
    await this.check();
  }

  private async solo(s: SoloStep, predict: boolean): Promise<void> {
    if (s.kind === 'order') return this.place(s, predict);
    if (s.kind === 'batch') return this.batch(s);
    return this.cancel(s, predict);
  }

  private body(o: OrderStep) {
    const m = this.markets[o.market]!;
    return this.traders[o.trader]!.order({
      tokenId: m.tokens[o.outcome],
      side: o.side,
      orderType: o.timeInForce,
      postOnly: o.postOnly,
      makerAmount: o.makerAmount,
      takerAmount: o.takerAmount,
      ...(o.timeInForce === 'GTD' ? { expiration: Math.floor(Date.now() / 1000) + HOUR } : {}),
    });
  }

  private async place(o: OrderStep, predict: boolean): Promise<void> {
    const who = this.traders[o.trader]!;
    const m = this.markets[o.market]!;
    const terms = termsOf(o);
    const asset = o.side === 'BUY' ? 'collateral' : m.tokens[o.outcome];
    const free = predict ? await freeBalance(who.address, asset) : 0;
    const res = await who.request('POST', '/order', await this.body(o));
    if (res.statusCode === 200) await this.acknowledged(o.trader, res.json(), o.side);
    else
      expect(['NOT_ENOUGH_BALANCE', 'ORDER_NOT_FILLED', 'POST_ONLY_CROSSES'], res.body).toContain(
        res.json().code,
      );
    if (!predict || !this.model) return;

    // Balance is checked first, against the whole order's worst case.
    const need = o.side === 'BUY' ? (terms.budget ?? terms.price * terms.size) : terms.size * 10_000;
    if (free < need) {
      expect(res.json().code, `free ${free}, needs ${need}`).toBe('NOT_ENOUGH_BALANCE');
      return;
    }
    const book = this.model.get(m.id)!;
    const predicted = book.place({
      id: res.statusCode === 200 ? res.json().orderID : 'refused',
      maker: who.address,
      outcome: o.outcome,
      side: o.side,
      price: terms.price,
      size: terms.size,
      timeInForce: o.timeInForce,
      postOnly: o.postOnly,
      expiration: 0,
      ...(terms.budget === undefined ? {} : { budget: terms.budget }),
    });
    expect(
      answerOf(res),
      JSON.stringify(o, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    ).toEqual(expectedAnswer(predicted, o.side));
  }

  private async batch(s: BatchStep): Promise<void> {
    const who = this.traders[s.trader]!;
    const bodies = await Promise.all(s.orders.map((o) => this.body(o)));
    const res = await who.request('POST', '/orders', bodies);
    expect(res.statusCode, res.body).toBe(200);
    const answers = res.json() as PlaceAnswer[];
    expect(answers).toHaveLength(s.orders.length);
    for (const [i, a] of answers.entries()) {
      if (a.success) await this.acknowledged(s.trader, a, s.orders[i]!.side);
      else expect(a.errorMsg).toMatch(/not enough balance|FOK|FAK|no orders found to match|crosses book/);
    }
  }

  private async cancel(s: CancelStep, predict: boolean): Promise<void> {
    const who = this.traders[s.trader]!;
    const mine = this.known[s.trader]!;
    let res: Reply;
    let named: string[] | null = null;
    if (s.kind === 'cancel') {
      named = mine.length === 0 ? [`0x${'ab'.repeat(32)}`] : s.picks.map((p) => mine[p % mine.length]!);
      res =
        named.length === 1
          ? await who.request('DELETE', '/order', { orderID: named[0] })
          : await who.request('DELETE', '/orders', named);
    } else if (s.kind === 'cancel-all') res = await who.request('DELETE', '/cancel-all');
    else
      res = await who.request('DELETE', '/cancel-market-orders', {
        market: this.markets[s.market]!.conditionId,
      });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { canceled: string[]; not_canceled: Record<string, string> };
    // Whatever ran alongside, a cancelled order is cancelled as committed.
    if (answer.canceled.length > 0) {
      const statuses = await rows<{ status: string }>(
        t.database.db,
        sql`SELECT status FROM exchange_orders WHERE id = ANY(${`{${answer.canceled.join(',')}}`}::text[])`,
      );
      expect(statuses.map((r) => r.status)).toEqual(answer.canceled.map(() => 'CANCELED'));
    }
    if (!predict || !this.model) return;

    const live = [...this.model.entries()].flatMap(([marketId, book]) =>
      book.orders.filter((o) => o.maker === who.address).map((o) => ({ marketId, id: o.id })),
    );
    const targets =
      s.kind === 'cancel'
        ? live.filter((o) => named!.includes(o.id))
        : s.kind === 'cancel-all'
          ? live
          : live.filter((o) => o.marketId === this.markets[s.market]!.id);
    expect([...answer.canceled].sort()).toEqual(targets.map((o) => o.id).sort());
    for (const o of targets) this.model.get(o.marketId)!.cancel(o.id);
    if (named)
      expect(Object.keys(answer.not_canceled).sort()).toEqual(
        [...new Set(named)].filter((id) => !targets.some((o) => o.id === id)).sort(),
      );
  }

  /** An acknowledged placement is committed with every fill it reported (as the taker, under its trade id). */
  private async acknowledged(who: number, answer: PlaceAnswer, side: Side): Promise<void> {
    this.known[who]!.push(answer.orderID);
    const [committed] = await rows<{ orders: number; shares: string; cash: string; trades: string[] }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM exchange_orders WHERE id = ${answer.orderID}) AS orders,
                 COALESCE(sum(size), 0)::text AS shares, COALESCE(sum(size * taker_price::bigint), 0)::text AS cash,
                 COALESCE(array_agg(DISTINCT trade_id) FILTER (WHERE trade_id IS NOT NULL), '{}') AS trades
          FROM exchange_fills WHERE taker_order_id = ${answer.orderID}`,
    );
    expect(committed!.orders).toBe(1);
    expect(committed!.trades).toEqual(answer.tradeIDs);
    const shares =
      answer.takingAmount === ''
        ? 0
        : scaled(side === 'BUY' ? answer.takingAmount : answer.makingAmount, 100);
    const cash =
      answer.takingAmount === ''
        ? 0
        : scaled(side === 'BUY' ? answer.makingAmount : answer.takingAmount, 1e6);
    expect({ shares: Number(committed!.shares), cash: Number(committed!.cash) }).toEqual({ shares, cash });
  }

  /** Every rule, as committed; and the model, when it knows the order things happened in. */
  async check(): Promise<void> {
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    expect(await fillViolations(t.database.db)).toEqual([]);
    const synced = this.model;
    const fromLive = new Map<string, ReferenceBook>();
    for (const m of this.markets) {
      const live = await liveOrders(m.id);
      const naive = new ReferenceBook();
      naive.orders = live;
      fromLive.set(m.id, naive);
      const [yes, no] = await Promise.all(m.tokens.map((token) => publicBook(token)));
      // The mirror rule: a bid for one outcome is an ask for the other at one minus its price.
      const mirror = (levels: Level[]) => levels.map((l) => ({ price: 10_000 - l.price, size: l.size }));
      expect(no!.bids).toEqual(mirror(yes!.asks));
      expect(no!.asks).toEqual(mirror(yes!.bids));
      // And the public book is the naive model's of the committed live orders (best first there, last here).
      for (const [i, book] of [yes!, no!].entries()) {
        const expected = naive.levels(i as Outcome);
        expect({ bids: book.bids.toReversed(), asks: book.asks.toReversed() }).toEqual(expected);
      }
      if (synced) {
        const model = synced.get(m.id)!;
        const byId = (o: { id: string }, p: { id: string }) => o.id.localeCompare(p.id);
        expect(model.orders.map(({ id, remaining }) => ({ id, remaining })).sort(byId)).toEqual(
          live.map(({ id, remaining }) => ({ id, remaining })).sort(byId),
        );
      }
    }
    if (!synced) {
      // Read back in time priority; the model's next orders come after every committed one.
      const [state] = await rows<{ seq: string }>(t.database.db, sql`SELECT seq::text FROM exchange_state`);
      for (const book of fromLive.values()) book.nextSeq = Number(state!.seq) + 1;
      this.model = fromLive;
    }
  }
}

/** The public book in integer units, as the reference orders it (best last). */
async function publicBook(token: string): Promise<{ bids: Level[]; asks: Level[] }> {
  const res = await t.app.inject({ url: `/clob/book?token_id=${token}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as {
    asset_id: string;
    bids: { price: string; size: string }[];
    asks: typeof body.bids;
  };
  expect(body.asset_id).toBe(token);
  return { bids: levelsOf(body.bids), asks: levelsOf(body.asks) };
}

/** The committed live orders of a market, as the engine keeps them. */
async function liveOrders(marketId: string): Promise<RestingOrder[]> {
  return (await readLiveOrders(t.database.db, [marketId])).map(({ marketId: _m, owner: _o, ...order }) => ({
    ...order,
    // The model is never asked to expire: GTD orders here outlive the test.
    expiration: 0,
  }));
}

async function freeBalance(address: string, asset: string): Promise<number> {
  const [row] = await rows<{ free: string }>(
    t.database.db,
    sql`SELECT (balance - reserved)::text AS free FROM exchange_balances WHERE address = ${address} AND asset = ${asset}`,
  );
  return Number(row?.free ?? 0);
}

/** What POST /order answered, in integer units. */
function answerOf(res: Reply) {
  const body = res.json();
  if (res.statusCode !== 200) return { refused: body.code };
  const filled = body.takingAmount !== '';
  return { status: body.status, filled, making: body.makingAmount, taking: body.takingAmount };
}

/** What the model says POST /order answers. */
function expectedAnswer(result: PlaceResult, side: Side) {
  if (!result.ok)
    return { refused: result.refusal === 'POST_ONLY_CROSSES' ? 'POST_ONLY_CROSSES' : 'ORDER_NOT_FILLED' };
  const shares = result.fills.reduce((sum, f) => sum + f.size, 0);
  const cash = result.fills.reduce((sum, f) => sum + f.size * f.taker.price, 0);
  const filled = shares > 0;
  const sharesText = String(shares / 100);
  const cashText = String(cash / 1e6);
  return {
    status: filled ? 'matched' : 'live',
    filled,
    making: filled ? (side === 'BUY' ? cashText : sharesText) : '',
    taking: filled ? (side === 'BUY' ? sharesText : cashText) : '',
  };
}

describe('the ledger through the real server', () => {
  it('holds after every step of random order flows from many makers', async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 15, maxLength: 30 }), async (flow) => {
        const run = await Run.start();
        for (const s of flow) {
          await run.step(s);
          steps++;
        }
        // Each maker's free balance, as the account endpoint reports it, is what it holds less what it reserved.
        for (const who of run.traders) {
          const [row] = await rows<{ free: string }>(
            t.database.db,
            sql`SELECT (balance - reserved)::text AS free FROM exchange_balances
                WHERE address = ${who.address} AND asset = 'collateral'`,
          );
          expect(await who.balance()).toBe(BigInt(row!.free));
          // Its cash and what it holds at average cost are what it was credited plus what its sells realised.
          const [cash] = await rows<{ balance: string }>(
            t.database.db,
            sql`SELECT balance::text FROM exchange_balances WHERE address = ${who.address} AND asset = 'collateral'`,
          );
          const positions = (await who.request('GET', '/data/positions')).json() as Position[];
          const summary = (await who.request('GET', '/data/summary')).json() as AccountSummary;
          const atCost = positions.reduce((sum, p) => sum + Number(p.size) * Number(p.avg_price), 0);
          expect(Number(cash!.balance) / 1e6 + atCost).toBeCloseTo(
            Number(summary.credited) + Number(summary.realized_pnl),
            2,
          );
        }
      }),
      // A replay costs seconds (new makers, new markets, every check): report the failing flow as found.
      { numRuns: 5, endOnFailure: true },
    );
    // The flows did what the test is for: trades of every kind, and orders left resting.
    const kinds = await rows<{ kind: string; n: number }>(
      t.database.db,
      sql`SELECT kind, count(*)::int AS n FROM exchange_fills GROUP BY kind ORDER BY kind`,
    );
    const statuses = await rows<{ status: string; n: number }>(
      t.database.db,
      sql`SELECT status, count(*)::int AS n FROM exchange_orders GROUP BY status ORDER BY status`,
    );
    console.log(`${steps} steps; fills ${JSON.stringify(kinds)}; orders ${JSON.stringify(statuses)}`);
    expect(kinds.map((k) => k.kind)).toEqual(['MERGE', 'MINT', 'NORMAL']);
    expect(statuses.map((s) => s.status)).toEqual(['CANCELED', 'LIVE', 'MATCHED']);
  }, 180_000);
});
