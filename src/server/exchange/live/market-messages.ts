import type {
  BestBidAskMessage,
  BookMessage,
  LastTradePriceMessage,
  PriceChange,
  PriceChangeMessage,
  TickSizeChangeMessage,
} from '../../../contract/live';
import type { Outcome, Side } from '../../../engine/types';
import type { Best } from '../batch-events';
import type { MarketSnapshot } from '../market-data/book-reader';
import { bookSummary } from '../market-data/summaries';
import type { TokenMarket } from '../markets';
import { FULL_SET_PRICE as PRICE_ONE } from '../../../engine/prices';
import { priceText, sizeText } from '../units';
import { transactionHashOf, type Committed } from '../writer';

/**
 * The market channel's messages of one commit, pure: each for the subscribers of one asset. A market's
 * two tokens are views of one book, so every change is sent twice, once in each token's terms (the No
 * token's levels and trades are the Yes token's mirrored). First the ticks the commit changed (its orders
 * were checked before), then per market: its trades, then its levels, then (custom feature) its best prices.
 */

export interface AssetMessage {
  asset: string;
  /** `best_bid_ask`: only for connections with `custom_feature_enabled`. */
  custom: boolean;
  text: string;
}

const OUTCOMES: readonly Outcome[] = [0, 1];

/** A price of outcome 0 in `outcome`'s terms. */
const own = (outcome: Outcome, price0: number) => (outcome === 0 ? price0 : PRICE_ONE - price0);
const flip = (side: Side): Side => (side === 'BUY' ? 'SELL' : 'BUY');
/** A side in outcome 0's terms in `outcome`'s: a bid of Yes is an ask of No. */
const ownSide = (outcome: Outcome, side0: Side) => (outcome === 0 ? side0 : flip(side0));

/** Best bid and ask of `outcome` from outcome 0's, as GET /price reads them (an empty side: 0 or 1). */
function bestOf(outcome: Outcome, best0: Best): { bid: number; ask: number } {
  const bid0 = outcome === 0 ? best0.bid : best0.ask;
  const ask0 = outcome === 0 ? best0.ask : best0.bid;
  return {
    bid: bid0 === undefined ? 0 : own(outcome, bid0),
    ask: ask0 === undefined ? PRICE_ONE : own(outcome, ask0),
  };
}

export function marketMessagesOf(committed: Committed, nowMs: number): AssetMessage[] {
  const timestamp = String(nowMs);
  const out: AssetMessage[] = [];
  const push = (asset: string, message: object, custom = false) =>
    out.push({ asset, custom, text: JSON.stringify(message) });
  const fillsOf = new Map<string, Committed['fills']>();
  for (const f of committed.fills) fillsOf.set(f.marketId, [...(fillsOf.get(f.marketId) ?? []), f]);

  for (const { market, oldTick } of committed.ticks) {
    for (const asset of market.tokens) {
      const message: TickSizeChangeMessage = {
        event_type: 'tick_size_change',
        asset_id: asset,
        market: market.conditionId,
        old_tick_size: priceText(oldTick),
        new_tick_size: priceText(market.tick),
        timestamp,
      };
      push(asset, message);
    }
  }

  for (const change of committed.books) {
    const { market } = change;
    for (const { fill, tradeId } of fillsOf.get(market.marketId) ?? []) {
      // The trade price is the resting order's; in outcome 0's terms with the taker's side.
      const price0 = own(fill.maker.outcome, fill.maker.price);
      const side0 = ownSide(fill.taker.outcome, fill.taker.side);
      for (const outcome of OUTCOMES) {
        const message: LastTradePriceMessage = {
          event_type: 'last_trade_price',
          market: market.conditionId,
          asset_id: market.tokens[outcome],
          price: priceText(own(outcome, price0)),
          size: sizeText(fill.size),
          fee_rate_bps: '0',
          side: ownSide(outcome, side0),
          timestamp,
          transaction_hash: transactionHashOf(tradeId),
        };
        push(message.asset_id, message);
      }
    }
    for (const outcome of OUTCOMES) {
      const asset = market.tokens[outcome];
      const best = bestOf(outcome, change.after);
      const changes: PriceChange[] = change.levels.map((level) => ({
        asset_id: asset,
        price: priceText(own(outcome, level.price)),
        size: sizeText(level.size),
        side: ownSide(outcome, level.outcome0Side),
        best_bid: priceText(best.bid),
        best_ask: priceText(best.ask),
      }));
      const message: PriceChangeMessage = {
        event_type: 'price_change',
        market: market.conditionId,
        price_changes: changes,
        timestamp,
      };
      push(asset, message);
    }
    if (change.before.bid !== change.after.bid || change.before.ask !== change.after.ask) {
      for (const outcome of OUTCOMES) {
        const best = bestOf(outcome, change.after);
        const message: BestBidAskMessage = {
          event_type: 'best_bid_ask',
          market: market.conditionId,
          asset_id: market.tokens[outcome],
          best_bid: priceText(best.bid),
          best_ask: priceText(best.ask),
          spread: priceText(best.ask - best.bid),
          timestamp,
        };
        push(message.asset_id, message, true);
      }
    }
  }
  return out;
}

/** The `book` message of a token: GET /book's answer, as the channel sends it. */
export function bookMessage(found: TokenMarket, snapshot: MarketSnapshot, nowMs: number): BookMessage {
  return { event_type: 'book', ...bookSummary(found, snapshot, nowMs) };
}
