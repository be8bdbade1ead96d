import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { levelSize, poisson, takerSize, WeightedPicker, weightOf } from './activity';
import { fillQuotes, ladder, needsRequote, orderFor, type Quote, quoteOf, requote } from './quoting';
import { demoWallet } from './wallets';

const plan = { levels: 3, size: 2_000, tick: 100 };
const market = { tokens: ['111', '222'] as const, negRisk: false };

describe('a maker’s ladder', () => {
  it('puts the best bid and ask on the ticks around the fair value, then a tick apart, deeper ones larger', () => {
    expect(ladder(0.4337, plan)).toEqual([
      { side: 'bid', price: 4300, size: 2_000 },
      { side: 'ask', price: 4400, size: 2_000 },
      { side: 'bid', price: 4200, size: 3_000 },
      { side: 'ask', price: 4500, size: 3_000 },
      { side: 'bid', price: 4100, size: 4_000 },
      { side: 'ask', price: 4600, size: 4_000 },
    ]);
    // A fair value on a tick is not quoted at: the spread is then two ticks.
    const onTick = ladder(0.5, plan).filter((l) => l.size === 2_000);
    expect(onTick.map((l) => l.price)).toEqual([4900, 5100]);
  });

  it('never quotes through the fair value nor outside [tick, 1 − tick]: one side only near 0 or 1', () => {
    expect(ladder(0.003, plan).map((l) => `${l.side} ${l.price}`)).toEqual(['ask 100', 'ask 200', 'ask 300']);
    expect(ladder(0.993, plan).map((l) => `${l.side} ${l.price}`)).toEqual([
      'bid 9900',
      'bid 9800',
      'bid 9700',
    ]);
    for (let f = 0.001; f < 1; f += 0.0173)
      for (const l of ladder(f, plan)) {
        expect(l.price).toBeGreaterThanOrEqual(100);
        expect(l.price).toBeLessThanOrEqual(9_900);
        expect(l.side === 'bid' ? l.price < f * 10_000 : l.price > f * 10_000).toBe(true);
      }
  });
});

describe('requoting', () => {
  const quote = (id: string, side: 'bid' | 'ask', price: number, size = 2_000): Quote => ({
    id,
    side,
    price,
    size,
    sells: false,
  });

  it('keeps what is still wanted, cancels the rest, places what is missing', () => {
    const current = [
      quote('a', 'bid', 4300),
      quote('b', 'ask', 4400),
      quote('c', 'bid', 4200, 3_000),
      quote('d', 'ask', 4500, 3_000),
      quote('e', 'bid', 4100, 4_000),
      quote('f', 'ask', 4600, 4_000),
    ];
    expect(requote(current, ladder(0.4337, plan))).toEqual({ cancel: [], place: [] });
    // A tick up: the lowest bid and the best ask go, a bid and a deeper ask come.
    const up = requote(current, ladder(0.4437, plan));
    expect(up.cancel.sort()).toEqual(['b', 'e']);
    expect(up.place).toEqual([
      { side: 'bid', price: 4400, size: 2_000 },
      { side: 'ask', price: 4700, size: 4_000 },
    ]);
  });

  it('puts back a level a taker ate into, and withdraws duplicates', () => {
    const current = [
      quote('a', 'bid', 4300, 900),
      quote('b', 'bid', 4300),
      quote('c', 'ask', 4400),
      quote('x', 'ask', 4400),
    ];
    const change = requote(current, ladder(0.4337, { ...plan, levels: 1 }));
    expect(change.cancel.sort()).toEqual(['a', 'x']);
    expect(change.place).toEqual([]);
    expect(requote([quote('a', 'bid', 4300, 900)], [{ side: 'bid', price: 4300, size: 2_000 }])).toEqual({
      cancel: ['a'],
      place: [{ side: 'bid', price: 4300, size: 2_000 }],
    });
  });
});

describe('when to requote, and what a taker did', () => {
  const placed = (fair: number) =>
    ladder(fair, plan).map((l, i) => ({ ...l, id: `q${i}`, sells: l.side === 'ask' && i === 1 }));

  it('leaves a book alone while the fair value wanders within the band, not once it leaves it', () => {
    const book = placed(0.4337);
    expect(needsRequote(book, ladder(0.4337, plan), 0.4337, 100)).toBe(false);
    // Within the spread, or less than half a tick through the best bid or ask: nothing to do.
    for (const fair of [0.4301, 0.4399, 0.443, 0.426])
      expect(needsRequote(book, ladder(fair, plan), fair, 100), String(fair)).toBe(false);
    // Further through: requote.
    for (const fair of [0.446, 0.424])
      expect(needsRequote(book, ladder(fair, plan), fair, 100), String(fair)).toBe(true);
    // With asks only (near 0), a fair value more than two ticks below the best ask.
    const asks = placed(0.003);
    expect(needsRequote(asks, ladder(0.004, plan), 0.004, 100)).toBe(false);
    const higher = asks.map((q) => ({ ...q, price: q.price + 200 }));
    expect(needsRequote(higher, ladder(0.003, plan), 0.003, 100)).toBe(true);
    // A level eaten into (below half its size) or gone.
    expect(needsRequote(book.slice(1), ladder(0.4337, plan), 0.4337, 100)).toBe(true);
    const eaten = book.map((q, i) => (i === 0 ? { ...q, size: 900 } : q));
    expect(needsRequote(eaten, ladder(0.4337, plan), 0.4337, 100)).toBe(true);
  });

  it('follows a taker through the maker’s quotes, best first, and counts what it bought', () => {
    const book = placed(0.4337);
    const held = { yes: 0, no: 0 };
    // A buyer of outcome 0 up to 0.45 takes the 0.44 ask (sold shares: reserved already) and part of 0.45.
    expect(fillQuotes(book, held, 'ask', 3_000, 4_500)).toBe(0);
    expect(book.filter((q) => q.side === 'ask').map((q) => [q.price, q.size])).toEqual([
      [4500, 2_000],
      [4600, 4_000],
    ]);
    expect(held).toEqual({ yes: 0, no: 1_000 });
    // A seller down to 0.42 takes more than the maker had there: the rest was someone else's.
    expect(fillQuotes(book, held, 'bid', 6_000, 4_200)).toBe(1_000);
    expect(book.filter((q) => q.side === 'bid').map((q) => q.price)).toEqual([4100]);
    expect(held).toEqual({ yes: 5_000, no: 1_000 });
  });
});

describe('orders for levels', () => {
  it('sell what the maker holds, else buy with collateral, post-only; and read back as the same level', () => {
    const bid = { side: 'bid' as const, price: 4300, size: 2_000 };
    const ask = { side: 'ask' as const, price: 4400, size: 2_000 };
    const none = { yes: 0, no: 0 };
    const cases = [
      [bid, none, { tokenId: '111', side: 'BUY', price: 4300 }],
      [ask, none, { tokenId: '222', side: 'BUY', price: 5600 }],
      [bid, { yes: 0, no: 2_000 }, { tokenId: '222', side: 'SELL', price: 5700 }],
      [ask, { yes: 5_000, no: 0 }, { tokenId: '111', side: 'SELL', price: 4400 }],
    ] as const;
    for (const [level, held, expected] of cases) {
      const order = orderFor(level, market, held);
      expect(order).toMatchObject({ ...expected, size: 2_000, type: 'GTC', postOnly: true, negRisk: false });
      const back = quoteOf(
        { id: 'o', tokenId: order.tokenId, side: order.side, price: order.price, remaining: order.size },
        market,
      );
      expect(back).toEqual({ ...level, id: 'o', sells: order.side === 'SELL' });
    }
    expect(quoteOf({ id: 'o', tokenId: '999', side: 'BUY', price: 100, remaining: 1 }, market)).toBeNull();
  });
});

describe('activity', () => {
  it('makes busier markets larger and more often picked, with a floor for quiet ones', () => {
    const quiet = weightOf({ eventVolume24hr: 0, eventVolume: 1_000, volume: 500 });
    const busy = weightOf({ eventVolume24hr: 3_000_000, eventVolume: 9_000_000, volume: 3_000_000 });
    expect(quiet).toBeGreaterThan(0);
    expect(levelSize(busy)).toBeGreaterThan(levelSize(quiet));
    const picker = new WeightedPicker(['quiet', 'busy'], (name) => (name === 'busy' ? busy : quiet));
    const rng = createRandom('pick');
    const picks = Array.from({ length: 2_000 }, () => picker.pick(rng));
    const busyShare = picks.filter((p) => p === 'busy').length / picks.length;
    expect(busyShare).toBeGreaterThan(0.9);
    expect(busyShare).toBeLessThan(1);
  });

  it('draws takers: Poisson arrivals, sizes in whole shares with a heavy tail', () => {
    const rng = createRandom('takers');
    const counts = Array.from({ length: 4_000 }, () => poisson(rng, 0.8));
    expect(counts.reduce((a, b) => a + b, 0) / counts.length).toBeCloseTo(0.8, 1);
    const sizes = Array.from({ length: 4_000 }, () => takerSize(rng, 2_000));
    expect(sizes.every((s) => s >= 500 && s % 100 === 0)).toBe(true);
    // Most about half a level; a few deep enough to sweep two levels or more.
    const sweeps = sizes.filter((s) => s > 5_000).length / sizes.length;
    expect(sweeps).toBeGreaterThan(0.01);
    expect(sweeps).toBeLessThan(0.2);
  });
});

describe('wallets', () => {
  it('are the same for the same secret, role and number, and differ otherwise', async () => {
    const secret = new Uint8Array(32).fill(7);
    const a = (await demoWallet(secret, 'maker', 0)).account.address;
    expect((await demoWallet(secret, 'maker', 0)).account.address).toBe(a);
    expect((await demoWallet(secret, 'maker', 1)).account.address).not.toBe(a);
    expect((await demoWallet(secret, 'taker', 0)).account.address).not.toBe(a);
    expect((await demoWallet(new Uint8Array(32).fill(8), 'maker', 0)).account.address).not.toBe(a);
  });
});
