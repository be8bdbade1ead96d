import { createHash } from 'node:crypto';
import type { LastTradePrice, OrderBookSummary } from '../../../contract/trading';
import type { Outcome, Side } from '../../../engine/types';
import type { TokenMarket } from '../markets';
import { priceText, sizeText } from '../units';
import { FULL_SET_PRICE } from '../../../engine/prices';
import type { MarketSnapshot } from './book-reader';

/**
 * Public market data of one outcome token from its market's committed book, in the reference's shapes
 * (docs/api.md, the order book). Prices are in the token's own outcome: the engine mirrors the shared book.
 */

/** GET /book: bids ascending and asks descending (the best of each last), as the reference's clients read them. */
export function bookSummary(found: TokenMarket, snapshot: MarketSnapshot, nowMs: number): OrderBookSummary {
  const levels = snapshot.book.levels(found.outcome);
  const summary = {
    market: found.market.conditionId,
    asset_id: found.market.tokens[found.outcome],
    timestamp: String(nowMs),
    hash: '',
    bids: [...levels.bids].reverse().map((l) => ({ price: priceText(l.price), size: sizeText(l.size) })),
    asks: [...levels.asks].reverse().map((l) => ({ price: priceText(l.price), size: sizeText(l.size) })),
    min_order_size: sizeText(found.market.minSize),
    // The snapshot's: read with the book's version (the registry's copy may be older).
    tick_size: priceText(snapshot.tick ?? found.market.tick) as OrderBookSummary['tick_size'],
    neg_risk: found.market.negRisk,
    last_trade_price: lastTrade(found.outcome, snapshot)?.price ?? '',
  };
  // As the legacy client checks it: SHA-1 of the summary as sent, with an empty hash.
  summary.hash = createHash('sha1').update(JSON.stringify(summary)).digest('hex');
  return summary;
}

/** Best bid and ask of the token, in 1/10,000; an empty side counts as 0 (bids) or 1 (asks). */
export function bestOf(outcome: Outcome, snapshot: MarketSnapshot): { bid: number; ask: number } {
  const best = snapshot.book.best(outcome);
  return { bid: best.bid ?? 0, ask: best.ask ?? FULL_SET_PRICE };
}

/** GET /price: BUY answers the best bid, SELL the best ask (the reference's documented meaning). */
export function priceFor(outcome: Outcome, side: Side, snapshot: MarketSnapshot): string {
  const { bid, ask } = bestOf(outcome, snapshot);
  return priceText(side === 'BUY' ? bid : ask);
}

export function midpointOf(outcome: Outcome, snapshot: MarketSnapshot): string {
  const { bid, ask } = bestOf(outcome, snapshot);
  return halfText(bid + ask);
}

export function spreadOf(outcome: Outcome, snapshot: MarketSnapshot): string {
  const { bid, ask } = bestOf(outcome, snapshot);
  return priceText(ask - bid);
}

/** The last trade in the token's terms (the taker's side), or null before the first. */
export function lastTrade(outcome: Outcome, snapshot: MarketSnapshot): { price: string; side: Side } | null {
  const t = snapshot.lastTrade;
  if (!t) return null;
  if (outcome === 0) return { price: priceText(t.price), side: t.side };
  return { price: priceText(FULL_SET_PRICE - t.price), side: t.side === 'BUY' ? 'SELL' : 'BUY' };
}

/** GET /last-trade-price; before any trade the reference's own answer, a price of 0.5 and no side. */
export function lastTradePrice(outcome: Outcome, snapshot: MarketSnapshot): LastTradePrice {
  return lastTrade(outcome, snapshot) ?? { price: '0.5', side: '' };
}

/** (a / 2) / 10,000 as exact decimal text: a midpoint may fall between two ticks of 0.0001. */
function halfText(twice: number): string {
  return (twice / (2 * FULL_SET_PRICE)).toFixed(5).replace(/0+$/, '').replace(/\.$/, '');
}
