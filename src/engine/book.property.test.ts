import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Book } from './book';
import { cashFlows } from './cash-flows';
import { ReferenceBook } from './test/reference-book';
import { state } from './test/orders';
import type { Level, LevelChange, OrderIn, Outcome, PlaceResult, RestingOrder, TimeInForce } from './types';

/**
 * Random order flows run against the engine and against a naive reference model side by side; after
 * every step both must agree on everything observable, and the book's invariants must hold.
 */

type Command =
  | {
      kind: 'place';
      maker: number;
      outcome: Outcome;
      side: 'BUY' | 'SELL';
      price: number;
      size: number;
      timeInForce: TimeInForce;
      postOnly: boolean;
      ttl: number;
      /** Made a market buy's budget when the order is a FOK or FAK BUY. */
      budget: number | undefined;
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'expire'; advance: number }
  | { kind: 'rebuild'; seed: number };

/** Prices mostly close to the middle, where both outcomes' orders meet (5,000 is its own mirror). */
const price = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -6, max: 6 }).map((d) => 5000 + d * 10) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 9999 }) },
  { weight: 1, arbitrary: fc.constantFrom(1, 2, 9998, 9999) },
);

const command = (makers: number): fc.Arbitrary<Command> =>
  fc.oneof(
    {
      weight: 12,
      arbitrary: fc.record({
        kind: fc.constant('place' as const),
        maker: fc.integer({ min: 0, max: makers - 1 }),
        outcome: fc.constantFrom<Outcome>(0, 1),
        side: fc.constantFrom('BUY' as const, 'SELL' as const),
        price,
        size: fc.integer({ min: 1, max: 12 }),
        timeInForce: fc.constantFrom<TimeInForce>('GTC', 'GTC', 'GTD', 'FOK', 'FAK'),
        postOnly: fc.boolean(),
        ttl: fc.integer({ min: 1, max: 6 }),
        budget: fc.option(fc.integer({ min: 1, max: 120_000 }), { nil: undefined }),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('expire' as const), advance: fc.integer({ min: 0, max: 3 }) }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('rebuild' as const), seed: fc.nat() }) },
  );

const byId = (a: RestingOrder, b: RestingOrder) => (a.id < b.id ? -1 : 1);
/** Deep equality, fast when equal (the common case) and with vitest's diff when not. */
function same(actual: unknown, expected: unknown) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}

function check(condition: boolean, message: string) {
  if (!condition) throw new Error(message);
}

const key = (c: LevelChange) => `${c.outcome0Side}:${c.price}`;

/** The levels whose totals differ between two outcome-0 views, with the new totals (0 = gone). */
function levelDiff(
  before: { bids: Level[]; asks: Level[] },
  after: { bids: Level[]; asks: Level[] },
): LevelChange[] {
  const totals = (view: { bids: Level[]; asks: Level[] }) =>
    new Map([
      ...view.bids.map((l) => [`BUY:${l.price}`, l.size] as const),
      ...view.asks.map((l) => [`SELL:${l.price}`, l.size] as const),
    ]);
  const [b, a] = [totals(before), totals(after)];
  return [...new Set([...b.keys(), ...a.keys()])]
    .filter((k) => b.get(k) !== a.get(k))
    .map((k) => {
      const [side, p] = k.split(':');
      return { outcome0Side: side as 'BUY' | 'SELL', price: Number(p), size: a.get(k) ?? 0 };
    })
    .sort((x, y) => (key(x) < key(y) ? -1 : 1));
}

function expectChanges(
  changes: LevelChange[],
  before: ReturnType<ReferenceBook['levels']>,
  ref: ReferenceBook,
) {
  const sorted = [...changes].sort((x, y) => (key(x) < key(y) ? -1 : 1));
  same(sorted, levelDiff(before, ref.levels(0)));
}

function checkFills(order: OrderIn, result: PlaceResult) {
  if (!result.ok) return;
  let filled = 0;
  for (const fill of result.fills) {
    filled += fill.size;
    check(fill.size > 0 && fill.maker.remainingAfter >= 0, 'a fill takes something, and no more than rests');
    check(fill.maker.maker !== fill.taker.maker, 'a maker never trades with itself');
    // The taker never pays more, or receives less, than its limit.
    check(
      order.side === 'BUY' ? fill.taker.price <= order.price : fill.taker.price >= order.price,
      'within the limit',
    );
    const sum = fill.taker.price + fill.maker.price;
    check(
      fill.kind === 'NORMAL' ? fill.taker.price === fill.maker.price : sum === 10_000,
      'prices of a match',
    );
    // Conservation: tokens of each outcome change by the sets created or burned, and collateral pays for them.
    const flows = cashFlows(fill);
    const tokens = [0, 1].map((o) => flows.taker.tokens[o]! + flows.maker.tokens[o]!);
    check(tokens[0] === flows.sets && tokens[1] === flows.sets, 'shares of each outcome = sets created');
    check(
      flows.taker.collateral + flows.maker.collateral === -10_000 * flows.sets,
      'collateral pays for the sets',
    );
    check(flows.sets === (fill.kind === 'MINT' ? fill.size : fill.kind === 'MERGE' ? -fill.size : 0), 'sets');
  }
  check(result.filled === filled, 'filled is the sum of the fills');
  if (order.budget === undefined) {
    check(order.timeInForce !== 'FOK' || filled === order.size, 'FOK fills whole or not at all');
    check((result.rested?.remaining ?? 0) + filled <= order.size, 'rests only what is left');
    return;
  }
  // A market buy spends no more than its budget, and a FOK all that could buy a share at its price.
  const spent = result.fills.reduce((sum, f) => sum + f.size * f.taker.price, 0);
  check(spent <= order.budget, 'a budget is never overspent');
  check(order.timeInForce !== 'FOK' || order.budget - spent < order.price, 'FOK spends whole or not at all');
  check(result.rested === undefined, 'a market buy never rests');
}

function checkBook(book: Book, ref: ReferenceBook) {
  const resting = book.resting().sort(byId);
  same(resting, [...ref.orders].sort(byId));
  for (const o of resting) check(o.remaining > 0 && o.remaining <= o.size, 'resting orders hold 1…size');
  const levels0 = book.levels(0);
  const levels1 = book.levels(1);
  same(levels0, ref.levels(0));
  same(levels1, ref.levels(1));
  const mirror = (l: Level) => ({ price: 10_000 - l.price, size: l.size });
  same(levels1, { bids: levels0.asks.map(mirror), asks: levels0.bids.map(mirror) });
  const best = book.best(0);
  same(best, {
    ...(levels0.bids[0] && { bid: levels0.bids[0].price }),
    ...(levels0.asks[0] && { ask: levels0.asks[0].price }),
  });
  check(best.bid === undefined || best.ask === undefined || best.bid < best.ask, 'the book is never crossed');
  check(book.nextSeq === ref.nextSeq, 'seq');
}

/** A deterministic shuffle (mulberry32), so a failing run replays. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  const random = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const sweep = (side: 'BUY' | 'SELL'): OrderIn => ({
  id: `sweep-${side}`,
  maker: 'sweeper',
  outcome: 0,
  side,
  price: side === 'BUY' ? 9999 : 1,
  size: 1_000_000,
  timeInForce: 'FAK',
  postOnly: false,
  expiration: 0,
});
const sweeps = [sweep('BUY'), sweep('SELL')];

function run(commands: Command[]) {
  let book = new Book();
  const ref = new ReferenceBook();
  let now = 1000;
  let next = 0;
  for (const c of commands) {
    const before = ref.levels(0);
    if (c.kind === 'place') {
      const order: OrderIn = {
        id: `o${next++}`,
        maker: `m${c.maker}`,
        outcome: c.outcome,
        side: c.side,
        price: c.price,
        size: c.size,
        timeInForce: c.timeInForce,
        postOnly: c.postOnly && (c.timeInForce === 'GTC' || c.timeInForce === 'GTD'),
        expiration: c.timeInForce === 'GTD' ? now + c.ttl : 0,
      };
      if (c.budget !== undefined && c.side === 'BUY' && (c.timeInForce === 'FOK' || c.timeInForce === 'FAK'))
        order.budget = c.budget;
      const prior = state(book);
      const preview = book.preview(order);
      same(state(book), prior);
      const result = book.place(order);
      same(result, preview);
      const expected = ref.place(order);
      same(result.ok ? { ...result, changes: [] } : result, expected);
      if (result.ok) expectChanges(result.changes, before, ref);
      else {
        same(state(book), prior);
        same(book.lastChanges, []);
      }
      checkFills(order, result);
    } else if (c.kind === 'cancel') {
      const ids = book.resting().map((o) => o.id);
      const id = ids[c.pick % (ids.length + 1)] ?? 'unknown';
      same(book.cancel(id), ref.cancel(id));
      expectChanges(book.lastChanges, before, ref);
    } else if (c.kind === 'expire') {
      now += c.advance;
      same(book.expire(now), ref.expire(now));
      expectChanges(book.lastChanges, before, ref);
    } else {
      const rebuilt = new Book({ nextSeq: book.nextSeq });
      for (const o of shuffled(book.resting(), c.seed)) rebuilt.restore(o);
      // Sweeping each side reveals its whole priority order, which the rebuilt book must keep.
      for (const sweep of sweeps) same(rebuilt.preview(sweep), book.preview(sweep));
      book = rebuilt;
    }
    checkBook(book, ref);
  }
}

describe('the engine against a naive reference model', () => {
  it('agrees on every step of random flows among a few makers (frequent self-trades)', () => {
    fc.assert(
      fc.property(fc.array(command(3), { maxLength: 120, size: 'max' }), (commands) => run(commands)),
      { numRuns: 100 },
    );
  });

  it('agrees on every step of random flows among many makers', () => {
    fc.assert(
      fc.property(fc.array(command(12), { maxLength: 200, size: 'max' }), (commands) => run(commands)),
      { numRuns: 50 },
    );
  });
});
