import { Book } from '../../../../engine/book';
import { FULL_SET_PRICE, MAX_PRICE, MIN_PRICE } from '../../../../engine/prices';
import type { Fill, OrderIn, Outcome, Side } from '../../../../engine/types';
import {
  formatDollars,
  formatDollarsDown,
  formatDollarsFine,
  formatSharesDown,
} from '../../../lib/live/figures';

/**
 * The ticket's preview, worked out by the matching engine itself: the live book's levels become resting
 * orders of a Book, and Book.preview answers what the order would do (fills in price-time order, MINT
 * and MERGE matches for the other outcome included). Units are the engine's: prices in 1/10,000,
 * sizes in centishares, money in base units (price × size).
 */

/** The live book as the market channel keeps it: outcome-0 prices (1/10,000) → shares. */
export interface LiveLevels {
  bids: ReadonlyMap<number, number>;
  asks: ReadonlyMap<number, number>;
}

export type TicketKind = 'market' | 'limit';

export interface TicketInput {
  outcome: Outcome;
  side: Side;
  kind: TicketKind;
  /** Market buy: dollars. Otherwise shares. */
  amount: number;
  /** Limit only: 1/10,000. */
  limitPrice?: number;
}

export interface Preview {
  /** What is signed: the limit price, or the worst price a market order reaches (1/10,000). */
  price: number;
  /** Centishares signed; a market buy's: what it buys now. */
  size: number;
  /**
   * A market buy: the collateral it spends (base units, whole cents), signed as its makerAmount with
   * `price` as its worst price. The exchange spends all of it that buys shares up to that price.
   */
  budget?: number;
  /** Filled now (centishares) and what that costs (BUY) or brings (SELL), in base units. */
  filled: number;
  cash: number;
  /** cash / filled in 1/10,000, or null when nothing fills now. */
  averagePrice: number | null;
  /** Centishares left resting on the book (limit orders). */
  resting: number;
  /**
   * The deepest price at which the order meets resting orders (1/10,000): its last fill's, or its own
   * price when part of it rests (it took every level up to it). Own orders past it are not met.
   */
  reach: number;
  /**
   * The order's money in all, base units: what a BUY commits (its fills' cost and the resting part at its
   * price), what a SELL brings once its resting part fills at its price too.
   */
  commitment: number;
  /** What the shares bought pay if the outcome wins ($1 each), base units; 0 for a SELL. */
  payout: number;
  /** Average price minus the best price on the other side now (BUY) or best minus average (SELL). */
  impact: number | null;
}

const MAKER = 'book';
const SELF = 'you';
const BASE_PER_CENTISHARE = 10_000;
const BASE_PER_CENT = 10_000;

function bookOf(levels: LiveLevels): Book {
  const book = new Book();
  let n = 0;
  const rest = (side: Side, price: number, shares: number) => {
    const size = Math.round(shares * 100);
    if (size <= 0 || price < MIN_PRICE || price > MAX_PRICE) return;
    book.place({
      id: `level-${n++}`,
      maker: MAKER,
      outcome: 0,
      side,
      price,
      size,
      timeInForce: 'GTC',
      postOnly: false,
      expiration: 0,
    });
  };
  for (const [price, shares] of levels.bids) rest('BUY', price, shares);
  for (const [price, shares] of levels.asks) rest('SELL', price, shares);
  return book;
}

const order = (
  input: Pick<TicketInput, 'outcome' | 'side'>,
  price: number,
  size: number,
  tif: OrderIn['timeInForce'],
): OrderIn => ({
  id: 'preview',
  maker: SELF,
  outcome: input.outcome,
  side: input.side,
  price,
  size,
  timeInForce: tif,
  postOnly: false,
  expiration: 0,
});

/** The best price against which this order trades now, in its outcome's terms (null: an empty side). */
export function bestOpposite(levels: LiveLevels, outcome: Outcome, side: Side): number | null {
  // Outcome 0 buys from asks; outcome 1 buys from outcome-0 bids (mirrored), and so on.
  const fromAsks = (side === 'BUY') === (outcome === 0);
  const prices = [...(fromAsks ? levels.asks : levels.bids).keys()];
  if (prices.length === 0) return null;
  const best = fromAsks ? Math.min(...prices) : Math.max(...prices);
  return outcome === 0 ? best : FULL_SET_PRICE - best;
}

function totalShares(levels: LiveLevels): number {
  let total = 0;
  for (const side of [levels.bids, levels.asks])
    for (const shares of side.values()) total += Math.round(shares * 100);
  return total;
}

function summarise(
  input: TicketInput,
  price: number,
  size: number,
  fills: Fill[],
  resting: number,
  best: number | null,
): Preview {
  const filled = fills.reduce((sum, f) => sum + f.size, 0);
  const cash = fills.reduce((sum, f) => sum + f.taker.price * f.size, 0);
  const averagePrice = filled > 0 ? cash / filled : null;
  const buy = input.side === 'BUY';
  return {
    price,
    size,
    filled,
    cash,
    averagePrice,
    resting,
    reach: resting > 0 ? price : (fills.at(-1)?.taker.price ?? price),
    commitment: cash + resting * price,
    payout: buy ? (filled + resting) * BASE_PER_CENTISHARE : 0,
    impact: averagePrice === null || best === null ? null : buy ? averagePrice - best : best - averagePrice,
  };
}

/**
 * What the ticket's order would do against the live book now, or null when there is nothing to
 * preview (no amount; a market order with nothing on the other side or too little money for one
 * centishare).
 */
export function previewTicket(levels: LiveLevels, input: TicketInput): Preview | null {
  if (!(input.amount > 0)) return null;
  const book = bookOf(levels);
  const best = bestOpposite(levels, input.outcome, input.side);
  if (input.kind === 'limit') {
    const price = input.limitPrice ?? 0;
    const size = Math.round(input.amount * 100);
    // What a person types may be no number at all ("30,5", "abc"): no preview, never a throw.
    if (!Number.isInteger(price) || price < MIN_PRICE || price > MAX_PRICE) return null;
    if (!Number.isSafeInteger(size * FULL_SET_PRICE) || size <= 0) return null;
    const result = book.preview(order(input, price, size, 'GTC'));
    if (!result.ok) return null;
    return summarise(input, price, size, result.fills, size - result.filled, best);
  }
  if (input.side === 'BUY') {
    // A market buy spends its dollars (whole cents), as the exchange runs it: the engine walks the
    // asks with that budget, and the deepest price it pays is the worst price signed.
    const budget = Math.round(input.amount * 100) * BASE_PER_CENT;
    if (!Number.isSafeInteger(budget) || budget <= 0) return null;
    const probe = book.preview({
      ...order(input, MAX_PRICE, Math.max(1, Math.floor(budget / MAX_PRICE)), 'FAK'),
      budget,
    });
    if (!probe.ok || probe.fills.length === 0) return null;
    const worst = probe.fills.at(-1)!.taker.price;
    return { ...summarise(input, worst, probe.filled, probe.fills, 0, best), budget };
  }
  // Market sell: walk the whole other side at the lowest price, then keep the shares asked for.
  const probe = book.preview(order(input, MIN_PRICE, Math.max(1, totalShares(levels)), 'FAK'));
  if (!probe.ok || probe.fills.length === 0) return null;
  let size = 0;
  let worst = 0;
  let left = Math.round(input.amount * 100);
  for (const fill of probe.fills) {
    const take = Math.min(fill.size, left);
    if (take <= 0) break;
    size += take;
    left -= take;
    worst = fill.taker.price;
  }
  if (size === 0) return null;
  // The order as it will be signed: FAK at the worst price reached, for the size found.
  const result = book.preview(order(input, worst, size, 'FAK'));
  if (!result.ok) return null;
  return summarise(input, worst, size, result.fills, 0, best);
}

/**
 * The signed amounts (base units) of an order of `size` centishares at `price`: exact, so any kind passes
 * the server's terms. A market buy's are its budget for the shares that buys at its worst price (rounded
 * down, so the price they make is never below it), as the reference clients sign one.
 */
export function signedAmounts(
  side: Side,
  price: number,
  size: number,
  budget?: number,
): { makerAmount: bigint; takerAmount: bigint } {
  if (side === 'BUY' && budget !== undefined)
    return {
      makerAmount: BigInt(budget),
      takerAmount: (BigInt(budget) * BigInt(BASE_PER_CENTISHARE)) / BigInt(price),
    };
  const shares = BigInt(size) * BigInt(BASE_PER_CENTISHARE);
  const cash = BigInt(price) * BigInt(size);
  return side === 'BUY'
    ? { makerAmount: cash, takerAmount: shares }
    : { makerAmount: shares, takerAmount: cash };
}

/**
 * What a market buy of this outcome can spend now, in base units: the free collateral, or less where the
 * asks of others run out first (the wallet's own resting orders, `own` in outcome-0 terms, are not for
 * it: the exchange never trades a wallet with itself). Whole cents, rounded down.
 */
export function marketBuyMost(levels: LiveLevels, outcome: Outcome, free: bigint, own: LiveLevels): number {
  const less = (side: ReadonlyMap<number, number>, mine: ReadonlyMap<number, number>) =>
    new Map(
      [...side]
        .map(([price, shares]) => [price, Math.round((shares - (mine.get(price) ?? 0)) * 100) / 100] as const)
        .filter(([, shares]) => shares > 0),
    );
  const others = { bids: less(levels.bids, own.bids), asks: less(levels.asks, own.asks) };
  const cents = (base: number) => Math.floor(base / BASE_PER_CENT) * BASE_PER_CENT;
  const freeCents = cents(Number(free));
  if (freeCents <= 0) return 0;
  const all = previewTicket(others, { outcome, side: 'BUY', kind: 'market', amount: freeCents / 1e6 });
  return all ? Math.min(freeCents, cents(all.cash)) : 0;
}

/**
 * Why the wallet's free balance (base units: collateral for a BUY, the outcome's shares for a SELL)
 * cannot cover the order, or null. As the exchange checks: a market buy needs its budget, a limit buy
 * price × size, a sell its shares. Told before signing, and again by the order's own steps.
 */
export function uncovered(
  order: { side: Side; price: number; size: number; budget?: number },
  free: bigint,
  outcomeName: string,
  /** The other outcome's name: a sell of shares one has none of is a bet its buy makes. */
  otherName?: string,
): string | null {
  if (order.side === 'BUY') {
    const needs = BigInt(order.budget ?? order.price * order.size);
    if (needs <= free) return null;
    // Free cash is shown rounded down, as everywhere; if the two still read the same to the cent
    // ($5.0049 needed, $5.0041 free), both are shown exactly, so the sentence never says X needs X.
    let [needText, freeText] = [formatDollars(Number(needs) / 1e6), formatDollarsDown(Number(free) / 1e6)];
    if (needText === freeText)
      [needText, freeText] = [formatDollarsFine(Number(needs) / 1e6), formatDollarsFine(Number(free) / 1e6)];
    return `This order needs ${needText} and you have ${freeText} free.`;
  }
  if (BigInt(order.size) * BigInt(BASE_PER_CENTISHARE) <= free) return null;
  if (free === 0n && otherName)
    return `You have no ${outcomeName} shares to sell. To bet against ${outcomeName}, buy ${otherName}.`;
  return `You have ${formatSharesDown(Number(free) / 1e6)} ${outcomeName} shares free to sell.`;
}
