import { describe, expect, it } from 'vitest';
import { Book } from './book';
import { order, state } from './test/orders';
import type { PlaceResult } from './types';

function ok(result: PlaceResult) {
  if (!result.ok) throw new Error(`refused: ${result.refusal}`);
  return result;
}

describe('matching', () => {
  it('fills the best price first, then the earliest order at that price', () => {
    const book = new Book();
    const late = order({ maker: 'bob', side: 'SELL', price: 5200 });
    const early = order({ maker: 'carol', side: 'SELL', price: 5200 });
    book.place(order({ maker: 'dave', side: 'SELL', price: 5300 }));
    book.place(early);
    book.place(late);
    const better = order({ maker: 'erin', side: 'SELL', price: 5100, size: 50 });
    book.place(better);
    const result = ok(book.place(order({ price: 5200, size: 200, timeInForce: 'FAK' })));
    expect(result.fills.map((f) => [f.maker.orderId, f.size, f.taker.price])).toEqual([
      [better.id, 50, 5100],
      [early.id, 100, 5200],
      [late.id, 50, 5200],
    ]);
    expect(book.get(late.id)?.remaining).toBe(50);
  });

  it('trades at the resting order’s price, whichever side rests', () => {
    const book = new Book();
    book.place(order({ maker: 'bob', side: 'SELL', price: 5500 }));
    const buy = ok(book.place(order({ price: 6000, size: 40 })));
    expect(buy.fills[0]).toMatchObject({ taker: { price: 5500 }, maker: { price: 5500 } });
    book.place(order({ maker: 'carol', price: 4000 }));
    const sell = ok(book.place(order({ maker: 'bob', side: 'SELL', price: 3000, size: 10 })));
    expect(sell.fills[0]).toMatchObject({ taker: { price: 4000 }, maker: { price: 4000 } });
  });

  it('NORMAL: a buy and a sell of one outcome, at one price', () => {
    const book = new Book();
    book.place(order({ maker: 'bob', outcome: 1, side: 'SELL', price: 3000 }));
    const fill = ok(book.place(order({ outcome: 1, price: 3000, size: 30 }))).fills[0];
    expect(fill).toEqual({
      kind: 'NORMAL',
      size: 30,
      taker: { orderId: expect.any(String), maker: 'alice', outcome: 1, side: 'BUY', price: 3000 },
      maker: {
        orderId: expect.any(String),
        maker: 'bob',
        outcome: 1,
        side: 'SELL',
        price: 3000,
        remainingAfter: 70,
      },
    });
  });

  it('MINT: buys of both outcomes whose prices reach a full set', () => {
    const book = new Book();
    book.place(order({ maker: 'bob', outcome: 1, price: 4500 })); // an ask of outcome 0 at 5500
    expect(book.best(0)).toEqual({ ask: 5500 });
    const fill = ok(book.place(order({ outcome: 0, price: 6000, size: 10 }))).fills[0]!;
    expect(fill.kind).toBe('MINT');
    expect([fill.taker.price, fill.maker.price]).toEqual([5500, 4500]);
  });

  it('MERGE: sells of both outcomes whose prices stay within a full set', () => {
    const book = new Book();
    book.place(order({ maker: 'bob', outcome: 1, side: 'SELL', price: 4000 })); // a bid of outcome 0 at 6000
    expect(book.best(0)).toEqual({ bid: 6000 });
    const fill = ok(book.place(order({ outcome: 0, side: 'SELL', price: 5000, size: 10 }))).fills[0]!;
    expect(fill.kind).toBe('MERGE');
    expect([fill.taker.price, fill.maker.price]).toEqual([6000, 4000]);
  });

  it('does not match orders on the same side of the shared book', () => {
    const book = new Book();
    book.place(order({ maker: 'bob', outcome: 1, side: 'SELL', price: 4000 })); // bid 6000
    const result = ok(book.place(order({ outcome: 0, side: 'BUY', price: 7000 }))); // bid 7000
    expect(result.fills).toEqual([]);
    expect(book.levels(0).bids).toEqual([
      { price: 7000, size: 100 },
      { price: 6000, size: 100 },
    ]);
  });

  it('reports every level it changed with the new totals', () => {
    const book = new Book();
    book.place(order({ maker: 'bob', side: 'SELL', price: 5100, size: 10 }));
    book.place(order({ maker: 'bob', side: 'SELL', price: 5200, size: 10 }));
    const result = ok(book.place(order({ price: 5200, size: 15 })));
    expect(result.changes).toEqual([
      { outcome0Side: 'SELL', price: 5100, size: 0 },
      { outcome0Side: 'SELL', price: 5200, size: 5 },
    ]);
    const rest = ok(book.place(order({ outcome: 1, side: 'SELL', price: 5000, size: 7 })));
    expect(rest.changes).toEqual([{ outcome0Side: 'BUY', price: 5000, size: 7 }]);
    expect(book.lastChanges).toEqual(rest.changes);
  });
});

describe('the mirror', () => {
  it('shows outcome 1’s book as outcome 0’s mirrored', () => {
    const book = new Book();
    book.place(order({ maker: 'a', outcome: 0, side: 'BUY', price: 4000, size: 10 }));
    book.place(order({ maker: 'b', outcome: 1, side: 'SELL', price: 6000, size: 5 })); // bid 4000 too
    book.place(order({ maker: 'c', outcome: 1, side: 'BUY', price: 3000, size: 7 })); // ask 7000
    book.place(order({ maker: 'd', outcome: 0, side: 'SELL', price: 8000, size: 1 }));
    expect(book.levels(0)).toEqual({
      bids: [{ price: 4000, size: 15 }],
      asks: [
        { price: 7000, size: 7 },
        { price: 8000, size: 1 },
      ],
    });
    expect(book.levels(1)).toEqual({
      bids: [
        { price: 3000, size: 7 },
        { price: 2000, size: 1 },
      ],
      asks: [{ price: 6000, size: 15 }],
    });
    expect(book.best(1)).toEqual({ bid: 3000, ask: 6000 });
  });
});

describe('time in force', () => {
  it('GTC and GTD rest what is left; FAK cancels it', () => {
    const book = new Book();
    book.place(order({ maker: 'bob', side: 'SELL', price: 5000, size: 30 }));
    const gtd = ok(book.place(order({ price: 5000, timeInForce: 'GTD', expiration: 100 })));
    expect(gtd.rested).toMatchObject({ remaining: 70, expiration: 100 });
    const fak = ok(book.place(order({ maker: 'carol', side: 'SELL', price: 4000, timeInForce: 'FAK' })));
    expect(fak.filled).toBe(70);
    expect(fak.rested).toBeUndefined();
    expect(book.levels(0)).toEqual({ bids: [], asks: [] });
  });

  it('FOK fills whole or is refused leaving the book as it was', () => {
    const book = new Book();
    book.place(order({ maker: 'bob', side: 'SELL', price: 5000, size: 60 }));
    book.place(order({ maker: 'alice', side: 'SELL', price: 5000, size: 60 })); // own: cancelled by the walk
    const before = state(book);
    expect(book.place(order({ price: 5000, size: 61, timeInForce: 'FOK' }))).toEqual({
      ok: false,
      refusal: 'FOK_NOT_FILLED',
    });
    expect(state(book)).toEqual(before);
    expect(book.lastChanges).toEqual([]);
    const full = ok(book.place(order({ maker: 'carol', price: 5000, size: 61, timeInForce: 'FOK' })));
    expect(full.filled).toBe(61);
    expect(full.rested).toBeUndefined();
  });

  it('a market buy spends its budget up to its price, for as many shares as that buys', () => {
    const book = new Book();
    // Asks of 20 shares at 40¢ and 20 at 60¢ (one as a buy of the other outcome at 40¢).
    book.place(order({ maker: 'bob', side: 'SELL', price: 4000, size: 2000 }));
    book.place(order({ maker: 'carol', outcome: 1, price: 4000, size: 2000 }));
    const before = state(book);
    // $12 at up to 60¢ (signed as 20 shares): $8 buys 20 at 40¢, $3.996 buys 6.66 at 60¢; $0.004 is left.
    const buy = (fields: Parameters<typeof order>[0]) =>
      order({ price: 6000, size: 2000, timeInForce: 'FOK', budget: 12_000_000, ...fields });
    const preview = ok(book.preview(buy({})));
    expect(preview.fills.map((f) => [f.size, f.taker.price, f.kind])).toEqual([
      [2000, 4000, 'NORMAL'],
      [666, 6000, 'MINT'],
    ]);
    expect(preview.filled).toBe(2666);
    expect(state(book)).toEqual(before);
    // More money than the book holds up to 60¢: a FOK is refused, a FAK spends what it can.
    expect(book.place(buy({ budget: 24_000_001 }))).toEqual({ ok: false, refusal: 'FOK_NOT_FILLED' });
    expect(state(book)).toEqual(before);
    const most = ok(book.place(buy({ timeInForce: 'FAK', budget: 30_000_000 })));
    expect(most.filled).toBe(4000);
    expect(most.rested).toBeUndefined();
    // A budget is for market buys only.
    expect(() => book.place(order({ budget: 100 }))).toThrow(/FOK and FAK/);
    expect(() => book.place(order({ side: 'SELL', timeInForce: 'FAK', budget: 100 }))).toThrow(/BUY/);
  });

  it('FAK that fills nothing is refused, even when the walk met the maker’s own orders', () => {
    const book = new Book();
    book.place(order({ side: 'SELL', price: 5000 }));
    const before = state(book);
    expect(book.place(order({ price: 5000, timeInForce: 'FAK' }))).toEqual({
      ok: false,
      refusal: 'FAK_NOT_FILLED',
    });
    expect(book.place(order({ maker: 'bob', price: 4000, timeInForce: 'FAK' }))).toEqual({
      ok: false,
      refusal: 'FAK_NOT_FILLED',
    });
    expect(state(book)).toEqual(before);
  });

  it('post-only rests when it does not cross and is refused when it would', () => {
    const book = new Book();
    book.place(order({ maker: 'bob', outcome: 1, price: 4000 })); // ask 6000
    expect(ok(book.place(order({ price: 5900, postOnly: true }))).rested?.remaining).toBe(100);
    const before = state(book);
    expect(book.place(order({ price: 6000, postOnly: true }))).toEqual({
      ok: false,
      refusal: 'POST_ONLY_CROSSES',
    });
    expect(book.place(order({ maker: 'bob', outcome: 1, price: 4200, postOnly: true }))).toEqual({
      ok: false,
      refusal: 'POST_ONLY_CROSSES',
    });
    expect(state(book)).toEqual(before);
  });

  it('refuses inputs the order pipeline should have refused', () => {
    const book = new Book();
    expect(() => book.place(order({ timeInForce: 'FOK', postOnly: true }))).toThrow(RangeError);
    expect(() => book.place(order({ timeInForce: 'GTD', expiration: 0 }))).toThrow(/expiration/);
    expect(() => book.place(order({ price: 10_000 }))).toThrow(/price/);
    expect(() => book.place(order({ size: 0 }))).toThrow(/size/);
    expect(() => book.place(order({ price: 12.5 }))).toThrow(/price/);
    const twice = order();
    book.place(twice);
    expect(() => book.place(twice)).toThrow(/already/);
  });
});

describe('self-trade prevention', () => {
  it('cancels the maker’s own resting orders the walk reaches and trades past them', () => {
    const book = new Book();
    const own = order({ maker: 'alice', side: 'SELL', price: 5000, size: 10 });
    const other = order({ maker: 'bob', side: 'SELL', price: 5000, size: 10 });
    const ownDeeper = order({ maker: 'alice', side: 'SELL', price: 5100, size: 10 });
    book.place(own);
    book.place(other);
    book.place(ownDeeper);
    const result = ok(book.place(order({ maker: 'alice', price: 5100, size: 10 })));
    expect(result.fills.map((f) => f.maker.orderId)).toEqual([other.id]);
    expect(result.selfTradeCancelled).toEqual([expect.objectContaining({ id: own.id, remaining: 10 })]);
    expect(book.get(own.id)).toBeUndefined();
    expect(book.get(ownDeeper.id)).toBeDefined(); // not reached: the order was filled before
    expect(result.changes).toEqual([{ outcome0Side: 'SELL', price: 5000, size: 0 }]);
  });

  it('applies across outcomes: a maker’s buy of outcome 1 never mints with its own buy of outcome 0', () => {
    const book = new Book();
    const own = order({ outcome: 1, price: 5000 });
    book.place(own);
    const result = ok(book.place(order({ outcome: 0, price: 5000, size: 10 })));
    expect(result.fills).toEqual([]);
    expect(result.selfTradeCancelled.map((o) => o.id)).toEqual([own.id]);
    expect(result.rested?.remaining).toBe(10);
  });
});

describe('cancel and expiry', () => {
  it('cancel takes an order off and reports its level', () => {
    const book = new Book();
    const a = order({ size: 10 });
    book.place(a);
    book.place(order({ size: 5 }));
    expect(book.cancel(a.id)).toMatchObject({ id: a.id, remaining: 10 });
    expect(book.lastChanges).toEqual([{ outcome0Side: 'BUY', price: 5000, size: 5 }]);
    expect(book.cancel(a.id)).toBeUndefined();
    expect(book.lastChanges).toEqual([]);
  });

  it('expire removes orders whose expiration has come, soonest first, and nothing else', () => {
    const book = new Book();
    const later = order({ timeInForce: 'GTD', expiration: 200, price: 4000 });
    const sooner = order({ timeInForce: 'GTD', expiration: 100, price: 4000 });
    const forever = order({ price: 4000 });
    const future = order({ timeInForce: 'GTD', expiration: 201, outcome: 1, price: 3000 });
    for (const o of [later, sooner, forever, future]) book.place(o);
    expect(book.expire(99)).toEqual([]);
    expect(book.expire(200).map((o) => o.id)).toEqual([sooner.id, later.id]);
    expect(book.lastChanges).toEqual([{ outcome0Side: 'BUY', price: 4000, size: 100 }]);
    expect(book.resting().map((o) => o.id)).toEqual([forever.id, future.id]);
    expect(book.expire(10_000).map((o) => o.id)).toEqual([future.id]);
  });

  it('a filled or cancelled GTD order does not expire again', () => {
    const book = new Book();
    const gtd = order({ maker: 'bob', side: 'SELL', timeInForce: 'GTD', expiration: 50, size: 10 });
    const cancelled = order({ maker: 'bob', timeInForce: 'GTD', expiration: 50, price: 1000 });
    book.place(gtd);
    book.place(cancelled);
    book.place(order({ size: 10 }));
    book.cancel(cancelled.id);
    expect(book.expire(50)).toEqual([]);
  });
});

describe('preview', () => {
  it('answers what place() will, without changing the book', () => {
    const book = new Book();
    book.place(order({ maker: 'bob', side: 'SELL', price: 5000, size: 30 }));
    book.place(order({ maker: 'alice', side: 'SELL', price: 5000, size: 30 }));
    book.place(order({ maker: 'carol', outcome: 1, price: 4900, size: 30 }));
    const incoming = order({ price: 5100, size: 100 });
    const before = state(book);
    const preview = book.preview(incoming);
    expect(state(book)).toEqual(before);
    expect(book.place(incoming)).toEqual(preview);
    expect(state(book)).not.toEqual(before);
  });
});

describe('restore', () => {
  it('rebuilds priority from the stored seq, in whatever order the orders come', () => {
    const book = new Book();
    const base = { side: 'SELL' as const, price: 5000, size: 10, remaining: 10 };
    book.restore({ ...order({ maker: 'late' }), ...base, seq: 7 });
    book.restore({ ...order({ maker: 'early' }), ...base, seq: 3 });
    book.restore({ ...order({ maker: 'mid' }), ...base, remaining: 4, seq: 5 });
    expect(book.nextSeq).toBe(8);
    expect(book.levels(0).asks).toEqual([{ price: 5000, size: 24 }]);
    const result = ok(book.place(order({ price: 5000, size: 24 })));
    expect(result.fills.map((f) => [f.maker.maker, f.size])).toEqual([
      ['early', 10],
      ['mid', 4],
      ['late', 10],
    ]);
  });

  it('starts numbering where it is told and refuses a crossing or repeated order', () => {
    const book = new Book({ nextSeq: 42 });
    expect(ok(book.place(order({ price: 5000 }))).rested?.seq).toBe(42);
    const ask = { ...order({ side: 'SELL', price: 5000 }), remaining: 100, seq: 1 };
    expect(() => book.restore(ask)).toThrow(/cross/);
    const bid = { ...order({ price: 4000 }), remaining: 100, seq: 1 };
    book.restore(bid);
    expect(() => book.restore(bid)).toThrow(/already/);
    expect(() => book.restore({ ...order(), remaining: 0, seq: 2 })).toThrow(/remaining/);
  });
});
