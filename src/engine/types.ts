/**
 * The matching engine's vocabulary, defined once. Units are exact integers:
 * - price: basis units of 1/10,000 USDC per share, 1 … 9,999, in the order's own outcome's terms;
 * - size: centishares (1/100 share), so size s at price p costs exactly p × s base units of USDC (6 decimals).
 */

export type Side = 'BUY' | 'SELL';
/** Index of the outcome token in its market: 0 = the first ("Yes"), 1 = the second ("No"). */
export type Outcome = 0 | 1;
export type TimeInForce = 'GTC' | 'GTD' | 'FOK' | 'FAK';
/** NORMAL: buy vs sell of one outcome; MINT: buy vs buy of both (a full set created); MERGE: sell vs sell (a set burned). */
export type MatchKind = 'NORMAL' | 'MINT' | 'MERGE';

export interface OrderIn {
  id: string;
  maker: string;
  outcome: Outcome;
  side: Side;
  price: number;
  size: number;
  timeInForce: TimeInForce;
  /** GTC/GTD only: refused instead of taking liquidity. */
  postOnly: boolean;
  /** Unix seconds after which the order leaves the book (see Book.expire); 0 = none. */
  expiration: number;
  /**
   * A FOK or FAK BUY only: the collateral (base units) it spends, the reference's market buy. It then
   * takes resting orders up to `price` until this is spent (what is left buys less than a centishare),
   * for however many shares that is; `size` plays no part in its matching.
   */
  budget?: number;
}

export interface RestingOrder extends OrderIn {
  remaining: number;
  /** Time priority within a price: lower first. */
  seq: number;
}

export interface FillParty {
  orderId: string;
  maker: string;
  outcome: Outcome;
  side: Side;
  /** The trade price in this party's outcome's terms. */
  price: number;
}

/** One match: both parties in their own terms (prices sum to 10,000 for MINT/MERGE, are equal for NORMAL). */
export interface Fill {
  kind: MatchKind;
  size: number;
  taker: FillParty;
  maker: FillParty & { remainingAfter: number };
}

export type Refusal = 'POST_ONLY_CROSSES' | 'FOK_NOT_FILLED' | 'FAK_NOT_FILLED';

/** A price level's new total after a change, in outcome-0 terms (BUY = bid, SELL = ask); size 0 = the level is gone. */
export interface LevelChange {
  outcome0Side: Side;
  price: number;
  size: number;
}

/** Aggregated size at one price. */
export interface Level {
  price: number;
  size: number;
}

export type PlaceResult =
  | {
      ok: true;
      fills: Fill[];
      filled: number;
      /** The order as it now rests, when some of it does. */
      rested?: RestingOrder;
      /** The maker's own resting orders the walk reached and removed (self-trade prevention), in walk order. */
      selfTradeCancelled: RestingOrder[];
      changes: LevelChange[];
    }
  | { ok: false; refusal: Refusal };
