import type { OrderSpec, RestingOrder } from './client';

/**
 * What a demo market maker wants on a book, and how to get there from what it has: pure functions.
 * Prices are in outcome 0's terms (1/10,000, the book's own terms): a bid at p is a BUY of outcome 0 at p
 * or a SELL of outcome 1 at 1 − p; an ask at p a SELL of outcome 0 at p or a BUY of outcome 1 at 1 − p.
 */

export const PRICE_ONE = 10_000;

/** One level the maker keeps: `size` in centishares. */
export interface Level {
  side: 'bid' | 'ask';
  price: number;
  size: number;
}

/** A resting order of the maker, as a level; `sells` when it offers shares the maker holds. */
export interface Quote extends Level {
  id: string;
  sells: boolean;
}

export interface LadderPlan {
  /** Levels on each side. */
  levels: number;
  /** Size of the best level, centishares (deeper levels are larger). */
  size: number;
  /** The market's tick, 1/10,000. */
  tick: number;
}

/**
 * The levels around a fair value (0…1): the best bid the tick below fair (a quarter tick of edge), the
 * best ask the tick above, then one tick apart, each deeper level half as large again. Only prices on
 * the right side of fair and inside [tick, 1 − tick]: a market at 0.3% has asks only.
 */
export function ladder(fair: number, plan: LadderPlan): Level[] {
  const f = fair * PRICE_ONE;
  const edge = plan.tick / 4;
  const bestBid = Math.floor((f - edge) / plan.tick) * plan.tick;
  const bestAsk = Math.ceil((f + edge) / plan.tick) * plan.tick;
  const levels: Level[] = [];
  for (let i = 0; i < plan.levels; i++) {
    const size = Math.round((plan.size * (1 + i / 2)) / 100) * 100;
    const bid = bestBid - i * plan.tick;
    const ask = bestAsk + i * plan.tick;
    if (bid >= plan.tick) levels.push({ side: 'bid', price: bid, size });
    if (ask <= PRICE_ONE - plan.tick) levels.push({ side: 'ask', price: ask, size });
  }
  return levels;
}

/**
 * The fair values (outcome 0, 1/10,000) for which the quotes need no work: null when they need work now
 * (a level missing or eaten into below half its size). Otherwise the band from half a tick through the
 * best bid to half a tick through the best ask, no more than two ticks from either: a price wandering
 * within it leaves the book as it is, so its moves back and forth around a tick cost no orders (every
 * order is a row the exchange keeps). Where the ladder has as many levels on both sides, the band also
 * stays where it would keep them, so the caller may keep it while the quotes do not change.
 */
export function quietBand(
  current: readonly Quote[],
  wanted: readonly Level[],
  tick: number,
): { lo: number; hi: number } | null {
  // Each side best first: as many quotes as levels wanted, each with at least half its level's size.
  const bids = current.filter((q) => q.side === 'bid').sort((a, b) => b.price - a.price);
  const asks = current.filter((q) => q.side === 'ask').sort((a, b) => a.price - b.price);
  const wantBids = wanted.filter((l) => l.side === 'bid');
  const wantAsks = wanted.filter((l) => l.side === 'ask');
  const full = (have: readonly Quote[], want: readonly Level[]) =>
    have.length === want.length && want.every((l, i) => have[i]!.size * 2 >= l.size);
  if (!full(bids, wantBids) || !full(asks, wantAsks)) return null;
  let lo = Number.NEGATIVE_INFINITY;
  let hi = Number.POSITIVE_INFINITY;
  if (bids.length > 0) {
    lo = Math.max(lo, bids[0]!.price - tick / 2);
    hi = Math.min(hi, bids[0]!.price + 2 * tick);
  }
  if (asks.length > 0) {
    lo = Math.max(lo, asks[0]!.price - 2 * tick);
    hi = Math.min(hi, asks[0]!.price + tick / 2);
  }
  if (wantBids.length === wantAsks.length) {
    // Away from 0 and 1 the ladder keeps its levels on both sides.
    lo = Math.max(lo, (wantBids.length + 1) * tick);
    hi = Math.min(hi, PRICE_ONE - (wantBids.length + 1) * tick);
  }
  return { lo, hi };
}

/** Whether the quotes need work at this fair value (0…1): see quietBand. */
export function needsRequote(
  current: readonly Quote[],
  wanted: readonly Level[],
  fair: number,
  tick: number,
): boolean {
  const band = quietBand(current, wanted, tick);
  const f = fair * PRICE_ONE;
  return band === null || f < band.lo || f > band.hi;
}

/**
 * What a taker's fill did to the maker's quotes, as the book would have done it (best price first): the
 * quotes on the side it took are used up in price order down to `limit`, and what the maker bought
 * with cash joins its free shares (a bid bought outcome 0, an ask bought outcome 1; shares it sold were
 * reserved already). Returns what was filled beyond these quotes (others' orders were there too).
 */
export function fillQuotes(
  quotes: Quote[],
  held: { yes: number; no: number },
  taking: 'bid' | 'ask',
  size: number,
  limit: number,
): number {
  let left = size;
  const side = quotes
    .filter((q) => q.side === taking && (taking === 'ask' ? q.price <= limit : q.price >= limit))
    .sort((a, b) => (taking === 'ask' ? a.price - b.price : b.price - a.price));
  for (const q of side) {
    if (left <= 0) break;
    const take = Math.min(q.size, left);
    q.size -= take;
    left -= take;
    if (!q.sells) held[taking === 'bid' ? 'yes' : 'no'] += take;
  }
  for (let i = quotes.length - 1; i >= 0; i--) if (quotes[i]!.size <= 0) quotes.splice(i, 1);
  return left;
}

/**
 * From the quotes a maker has to the levels it wants: a quote is kept where a level of its side and
 * price is wanted and at least half of that level's size is left; every other quote is cancelled and
 * every level not kept is placed. So a fair value that moves a tick costs one cancel and one order a
 * side, and a level a taker ate is put back.
 */
export function requote(
  current: readonly Quote[],
  wanted: readonly Level[],
): { cancel: string[]; place: Level[] } {
  const cancel: string[] = [];
  const place: Level[] = [];
  const key = (l: Level) => `${l.side}:${l.price}`;
  const byLevel = new Map<string, Quote[]>();
  for (const q of current) byLevel.set(key(q), [...(byLevel.get(key(q)) ?? []), q]);
  for (const level of wanted) {
    const here = byLevel.get(key(level)) ?? [];
    const kept = here.find((q) => q.size * 2 >= level.size);
    if (!kept) place.push(level);
    for (const q of here) if (q !== kept) cancel.push(q.id);
    byLevel.delete(key(level));
  }
  for (const rest of byLevel.values()) for (const q of rest) cancel.push(q.id);
  return { cancel, place };
}

export interface TradedMarket {
  /** Token ids of outcome 0 and outcome 1. */
  tokens: readonly [string, string];
  negRisk: boolean;
}

/**
 * The order that puts a level on the book: from shares the maker holds when it has them (an ask sells
 * outcome 0, a bid sells outcome 1), so what it bought goes back to market and its cash comes back;
 * otherwise with collateral (a bid buys outcome 0, an ask buys outcome 1). Post-only: a maker never takes.
 */
export function orderFor(level: Level, market: TradedMarket, held: { yes: number; no: number }): OrderSpec {
  const common = { negRisk: market.negRisk, size: level.size, type: 'GTC' as const, postOnly: true };
  if (level.side === 'bid')
    return held.no >= level.size
      ? { ...common, tokenId: market.tokens[1], side: 'SELL', price: PRICE_ONE - level.price }
      : { ...common, tokenId: market.tokens[0], side: 'BUY', price: level.price };
  return held.yes >= level.size
    ? { ...common, tokenId: market.tokens[0], side: 'SELL', price: level.price }
    : { ...common, tokenId: market.tokens[1], side: 'BUY', price: PRICE_ONE - level.price };
}

/** A resting order as a quote in outcome 0's terms (null for an order on another market's tokens). */
export function quoteOf(order: RestingOrder, market: TradedMarket): Quote | null {
  const outcome = market.tokens.indexOf(order.tokenId);
  if (outcome < 0) return null;
  const bidOfYes = (outcome === 0) === (order.side === 'BUY');
  return {
    id: order.id,
    side: bidOfYes ? 'bid' : 'ask',
    price: outcome === 0 ? order.price : PRICE_ONE - order.price,
    size: order.remaining,
    sells: order.side === 'SELL',
  };
}
