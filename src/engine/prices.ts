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
