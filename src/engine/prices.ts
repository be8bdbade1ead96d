import type { MatchKind, Outcome, Side } from './types';

/**
 * The mirror arithmetic of a two-outcome market. One share of each outcome makes a full set worth
 * 10,000 basis units, so buying outcome 1 at q is the same offer as selling outcome 0 at 10,000 − q.
 * The book is kept in outcome-0 terms; these functions translate in and out.
 */

export const FULL_SET_PRICE = 10_000;
export const MIN_PRICE = 1;
export const MAX_PRICE = FULL_SET_PRICE - 1;

/** The side of the shared (outcome-0) book an order of `outcome` and `side` stands on. */
export function outcome0Side(outcome: Outcome, side: Side): Side {
  if (outcome === 0) return side;
  return side === 'BUY' ? 'SELL' : 'BUY';
}

/** An outcome's price in outcome-0 terms. */
export function toOutcome0(outcome: Outcome, price: number): number {
  return outcome === 0 ? price : FULL_SET_PRICE - price;
}

/** An outcome-0 price in `outcome`'s terms (the mirror is its own inverse). */
export function fromOutcome0(outcome: Outcome, price: number): number {
  return toOutcome0(outcome, price);
}

/** The kind of a match between two orders that meet on opposite sides of the shared book. */
export function matchKind(taker: { outcome: Outcome; side: Side }, maker: { outcome: Outcome }): MatchKind {
  if (taker.outcome === maker.outcome) return 'NORMAL';
  return taker.side === 'BUY' ? 'MINT' : 'MERGE';
}

/** The widest spread at which a market's displayed price is its midpoint (the reference's rule: 0.10). */
export const MIDPOINT_SPREAD = 1_000;

/** What a market's displayed price is made of, in outcome 0's terms (null: none). */
export interface Quote {
  bestBid: number | null;
  bestAsk: number | null;
  lastTrade: number | null;
}

/**
 * The displayed price of outcome 0 (docs/api.md, "The order book"): the midpoint while the spread is at most 0.10, else
 * the last trade's price; null when there is neither. The catalog stores it and the dashboard's live
 * rows compute it from the same book, so both show the same figure.
 */
export function displayedPrice(q: Quote): number | null {
  if (q.bestBid !== null && q.bestAsk !== null && q.bestAsk - q.bestBid <= MIDPOINT_SPREAD)
    return (q.bestBid + q.bestAsk) / 2;
  return q.lastTrade;
}
