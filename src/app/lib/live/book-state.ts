import { displayedPrice } from '../../../engine/prices';
import { PRICE_UNITS } from './figures';
import { type MarketMessage, mirrorTrade, type RecordedTrade, type Side } from './wire';

/**
 * One market's book as the market channel tells it, kept for the token the page subscribed to (its
 * first outcome): a snapshot, then level changes and trades. Pure: the socket feeds messages in, the
 * components read views out. The second outcome's book is the mirror (a bid for one outcome at p is an
 * ask for the other at 1 − p), so it is never fetched separately.
 */

export interface Trade {
  /** Unique in a tape (a row's key). */
  id: string;
  /** The trade's transaction hash: every fill of one incoming order has the same. */
  hash: string;
  /** Units of 1/10,000, in the subscribed outcome's terms. */
  price: number;
  size: number;
  /** The taker's side. */
  side: Side;
  at: number;
}

export interface LiveBook {
  assetId: string;
  /** Price units → shares. */
  bids: ReadonlyMap<number, number>;
  asks: ReadonlyMap<number, number>;
  tickSize: number | null;
  lastTrade: number | null;
  /** Newest first, at most TAPE_LENGTH. */
  tape: readonly Trade[];
  /** Trades printed so far: numbers each one, since the fills of one trade share its transaction hash. */
  printed: number;
  /** When the last message changed it (ms). */
  updatedAt: number;
}

export const TAPE_LENGTH = 20;

export const emptyBook = (assetId: string): LiveBook => ({
  assetId,
  bids: new Map(),
  asks: new Map(),
  tickSize: null,
  lastTrade: null,
  tape: [],
  printed: 0,
  updatedAt: 0,
});

/** The book after one message (the same object when the message is about another asset). */
export function applyMessage(book: LiveBook, message: MarketMessage): LiveBook {
  switch (message.type) {
    case 'book':
      if (message.assetId !== book.assetId) return book;
      return {
        ...book,
        bids: new Map(message.bids),
        asks: new Map(message.asks),
        tickSize: message.tickSize ?? book.tickSize,
        lastTrade: message.lastTrade ?? book.lastTrade,
        updatedAt: message.timestamp,
      };
    case 'price_change': {
      const mine = message.changes.filter((c) => c.assetId === book.assetId);
      if (mine.length === 0) return book;
      const bids = new Map(book.bids);
      const asks = new Map(book.asks);
      for (const c of mine) {
        const side = c.side === 'BUY' ? bids : asks;
        if (c.size > 0) side.set(c.price, c.size);
        else side.delete(c.price);
      }
      return { ...book, bids, asks, updatedAt: message.timestamp };
    }
    case 'last_trade_price': {
      if (message.assetId !== book.assetId) return book;
      // An order that fills against several resting orders is one trade (one hash) of several fills,
      // each its own message: every one prints, and the last sets the last price.
      const trade: Trade = {
        id: `${message.id}#${book.printed}`,
        hash: message.id,
        price: message.price,
        size: message.size,
        side: message.side,
        at: message.timestamp,
      };
      return {
        ...book,
        lastTrade: message.price,
        tape: [trade, ...book.tape].slice(0, TAPE_LENGTH),
        printed: book.printed + 1,
        updatedAt: message.timestamp,
      };
    }
    case 'tick_size_change':
      return message.assetId === book.assetId ? { ...book, tickSize: message.tickSize } : book;
  }
}

export interface Level {
  price: number;
  size: number;
  /** Shares from the best price to this one, inclusive. */
  cumulative: number;
}

export interface BookView {
  /** Best first. */
  bids: Level[];
  asks: Level[];
  bestBid: number | null;
  bestAsk: number | null;
  spread: number | null;
  lastTrade: number | null;
  tape: Trade[];
}

const mirror = (price: number) => PRICE_UNITS - price;

function ladder(entries: Iterable<[number, number]>, bestFirst: (a: number, b: number) => number): Level[] {
  const sorted = [...entries].sort((a, b) => bestFirst(a[0], b[0]));
  let cumulative = 0;
  return sorted.map(([price, size]) => {
    cumulative += size;
    return { price, size, cumulative };
  });
}

/**
 * The tape with the market's record below it: the trades printed live, then the recorded ones that did
 * not print (a trade's fills commit together, so a trade is either live or recorded, whole), newest
 * first by time. A recorded trade that also prints live later gives way to its live fills.
 */
export function tapeWith(tape: readonly Trade[], recorded: readonly RecordedTrade[]): Trade[] {
  if (recorded.length === 0) return [...tape];
  const live = new Set(tape.map((t) => t.hash));
  // Keyed by place in the record, which a live print does not change.
  const earlier = recorded
    .map((t, i): Trade => ({ ...t, id: `${t.hash}@${i}` }))
    .filter((t) => !live.has(t.hash));
  return [...tape, ...earlier].sort((a, b) => b.at - a.at).slice(0, TAPE_LENGTH);
}

/** The book of outcome 0 (as kept) or outcome 1 (its mirror), best levels first, with the market's record in its tape. */
export function viewOf(book: LiveBook, outcome: 0 | 1, recorded: readonly RecordedTrade[] = []): BookView {
  const flip = outcome === 1;
  const bidEntries = flip ? [...book.asks].map(([p, s]): [number, number] => [mirror(p), s]) : book.bids;
  const askEntries = flip ? [...book.bids].map(([p, s]): [number, number] => [mirror(p), s]) : book.asks;
  const bids = ladder(bidEntries, (a, b) => b - a);
  const asks = ladder(askEntries, (a, b) => a - b);
  const bestBid = bids[0]?.price ?? null;
  const bestAsk = asks[0]?.price ?? null;
  const merged = tapeWith(book.tape, recorded);
  const tape = flip ? merged.map(mirrorTrade) : merged;
  const last = book.lastTrade === null ? null : flip ? mirror(book.lastTrade) : book.lastTrade;
  return {
    bids,
    asks,
    bestBid,
    bestAsk,
    spread: bestBid !== null && bestAsk !== null ? bestAsk - bestBid : null,
    lastTrade: last,
    tape,
  };
}

/** The price lists and the chart show for outcome 0: the catalog's own rule (docs/api.md), on the live book. */
export function displayedPriceOf(book: LiveBook): number | null {
  const { bestBid, bestAsk } = viewOf(book, 0);
  return displayedPrice({ bestBid, bestAsk, lastTrade: book.lastTrade });
}
