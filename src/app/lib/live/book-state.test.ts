import { describe, expect, it } from 'vitest';
import { applyMessage, displayedPriceOf, emptyBook, TAPE_LENGTH, viewOf } from './book-state';
import { readMarketFrame, readMarketTrades } from './wire';

const YES = '111';
const feed = (...frames: unknown[]) =>
  frames.flatMap((f) => readMarketFrame(JSON.stringify(f), 1_000)).reduce(applyMessage, emptyBook(YES));

const snapshot = {
  event_type: 'book',
  market: '0xabc',
  asset_id: YES,
  bids: [
    { price: '0.48', size: '100' },
    { price: '0.5', size: '20' },
  ],
  asks: [
    { price: '0.55', size: '10' },
    { price: '0.53', size: '30' },
  ],
  tick_size: '0.01',
  min_order_size: '5',
  last_trade_price: '0.51',
  timestamp: '1700000000000',
};

describe('the live book', () => {
  it('takes a snapshot and answers the best levels first, with running totals', () => {
    const view = viewOf(feed(snapshot), 0);
    expect(view.bids).toEqual([
      { price: 5000, size: 20, cumulative: 20 },
      { price: 4800, size: 100, cumulative: 120 },
    ]);
    expect(view.asks.map((l) => l.price)).toEqual([5300, 5500]);
    expect([view.bestBid, view.bestAsk, view.spread, view.lastTrade]).toEqual([5000, 5300, 300, 5100]);
  });

  it('mirrors the book for the other outcome: bids become asks at 1 − p', () => {
    const no = viewOf(feed(snapshot), 1);
    expect(no.bids.map((l) => [l.price, l.size])).toEqual([
      [4700, 30],
      [4500, 10],
    ]);
    expect(no.asks.map((l) => [l.price, l.size])).toEqual([
      [5000, 20],
      [5200, 100],
    ]);
    expect(no.lastTrade).toBe(4900);
  });

  it('applies level changes: a new size replaces the level, size 0 removes it, other assets are ignored', () => {
    const book = feed(snapshot, {
      event_type: 'price_change',
      market: '0xabc',
      price_changes: [
        { asset_id: YES, price: '0.5', size: '0', side: 'BUY', best_bid: '0.48', best_ask: '0.53' },
        { asset_id: YES, price: '0.54', size: '7', side: 'SELL', best_bid: '0.48', best_ask: '0.53' },
        { asset_id: '222', price: '0.5', size: '999', side: 'SELL', best_bid: '0.4', best_ask: '0.5' },
      ],
      timestamp: '1700000000500',
    });
    const view = viewOf(book, 0);
    expect(view.bids.map((l) => l.price)).toEqual([4800]);
    expect(view.asks.map((l) => [l.price, l.size])).toEqual([
      [5300, 30],
      [5400, 7],
      [5500, 10],
    ]);
  });

  it('prints every fill of a trade that took several levels, and its last price', () => {
    const fill = (price: string, size: string) => ({
      event_type: 'last_trade_price',
      market: '0xabc',
      asset_id: YES,
      price,
      size,
      side: 'BUY',
      fee_rate_bps: '0',
      timestamp: '1700000001000',
      transaction_hash: '0xfeed',
    });
    // One buy took 10 at 53¢, 10 more at 53¢ from another maker, then 5 at 54¢.
    const book = feed(snapshot, fill('0.53', '10'), fill('0.53', '10'), fill('0.54', '5'));
    expect(book.tape.map((t) => [t.price, t.size])).toEqual([
      [5400, 5],
      [5300, 10],
      [5300, 10],
    ]);
    expect(new Set(book.tape.map((t) => t.id)).size).toBe(3);
    expect(book.lastTrade).toBe(5400);
  });

  it('prints trades newest first, at most TAPE_LENGTH, and mirrored sides for the other outcome', () => {
    const trades = Array.from({ length: TAPE_LENGTH + 3 }, (_, i) => ({
      event_type: 'last_trade_price',
      market: '0xabc',
      asset_id: YES,
      price: '0.52',
      size: String(i + 1),
      side: 'BUY',
      fee_rate_bps: '0',
      timestamp: String(1700000001000 + i),
      transaction_hash: `0x${i}`,
    }));
    const book = feed(snapshot, ...trades);
    expect(book.tape).toHaveLength(TAPE_LENGTH);
    expect(book.tape[0]).toMatchObject({ size: TAPE_LENGTH + 3, side: 'BUY' });
    expect(book.tape.at(-1)).toMatchObject({ size: 4 });
    expect(viewOf(book, 1).tape[0]).toMatchObject({ price: 4800, side: 'SELL' });
  });

  it('shows the midpoint while the spread is at most 0.10, else the last trade', () => {
    expect(displayedPriceOf(feed(snapshot))).toBe(5150);
    const wide = feed({ ...snapshot, asks: [{ price: '0.7', size: '5' }] });
    expect(displayedPriceOf(wide)).toBe(5100);
  });

  it('drops what it cannot read instead of throwing', () => {
    expect(readMarketFrame('not json')).toEqual([]);
    expect(readMarketFrame(JSON.stringify({ event_type: 'book' }))).toEqual([]);
    expect(readMarketFrame(JSON.stringify([{ event_type: 'nope' }, null, 3]))).toEqual([]);
    const [book] = readMarketFrame(
      JSON.stringify({
        ...snapshot,
        bids: [
          { price: '2', size: '1' },
          { price: '0.4', size: '-1' },
        ],
      }),
    );
    expect(book).toMatchObject({ type: 'book', bids: [] });
  });

  describe('with the market’s record of earlier trades', () => {
    /** A fill as GET /live-activity/events lists it: in its taker's outcome, seconds. */
    const recorded = (hash: string, outcome: 0 | 1, price: string, side: string, seconds: number) => ({
      event_type: 'trade',
      side,
      size: '3',
      price,
      outcome_index: outcome,
      transaction_hash: hash,
      timestamp: String(seconds),
    });
    const live = (hash: string, price: string, ms: number) => ({
      event_type: 'last_trade_price',
      market: '0xabc',
      asset_id: YES,
      price,
      size: '4',
      side: 'SELL',
      fee_rate_bps: '0',
      timestamp: String(ms),
      transaction_hash: hash,
    });

    it('reads the record in outcome 0’s terms: a buy of No at 0.40 is a sell of Yes at 0.60', () => {
      expect(
        readMarketTrades([
          recorded('0xa', 1, '0.4', 'BUY', 1700000000),
          recorded('0xb', 0, '0.45', 'SELL', 1699999990),
        ]),
      ).toEqual([
        { hash: '0xa', price: 6000, size: 3, side: 'SELL', at: 1700000000000 },
        { hash: '0xb', price: 4500, size: 3, side: 'SELL', at: 1699999990000 },
      ]);
      expect(readMarketTrades({ error: 'x' })).toBeNull();
      expect(readMarketTrades([null, { price: '0.5' }, recorded('0xc', 2 as 0, '0.5', 'BUY', 1)])).toEqual(
        [],
      );
    });

    it('prints the record under the live trades, each trade once, newest first', () => {
      const book = feed(
        snapshot,
        live('0xlive', '0.5', 1700000005000),
        live('0xboth', '0.49', 1700000004000),
      );
      const record = readMarketTrades([
        // 0xboth committed after the page subscribed: the record and the channel both have it.
        recorded('0xboth', 0, '0.49', 'SELL', 1700000004),
        recorded('0xold', 0, '0.51', 'BUY', 1700000000),
        recorded('0xold', 0, '0.52', 'BUY', 1700000000),
      ])!;
      const tape = viewOf(book, 0, record).tape;
      expect(tape.map((t) => [t.hash, t.price])).toEqual([
        ['0xlive', 5000],
        ['0xboth', 4900],
        ['0xold', 5100],
        ['0xold', 5200],
      ]);
      expect(new Set(tape.map((t) => t.id)).size).toBe(4);
      expect(viewOf(book, 1, record).tape.at(-1)).toMatchObject({ price: 4800, side: 'SELL' });
      // A trade the record has before its live message arrives is listed once, and its live fills replace it.
      const early = viewOf(feed(snapshot), 0, record).tape;
      expect(early.map((t) => t.hash)).toEqual(['0xboth', '0xold', '0xold']);
    });

    it('keeps TAPE_LENGTH trades in all', () => {
      const record = readMarketTrades(
        Array.from({ length: TAPE_LENGTH }, (_, i) => recorded(`0x${i}`, 0, '0.5', 'BUY', 1700000000 - i)),
      )!;
      const tape = viewOf(feed(snapshot, live('0xnew', '0.5', 1700000009000)), 0, record).tape;
      expect(tape).toHaveLength(TAPE_LENGTH);
      expect(tape[0]!.hash).toBe('0xnew');
      expect(tape.at(-1)!.hash).toBe(`0x${TAPE_LENGTH - 2}`);
    });
  });
});
