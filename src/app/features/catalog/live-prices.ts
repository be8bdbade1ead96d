import type { Event, Market } from '../../../contract/catalog';
import { decodeMarket } from '../../lib/decode-market';
import { FULL_SET_PRICE as PRICE_UNITS } from '../../../engine/prices';
import { marketsInOrder } from '../../lib/event-summary';

/** A list row follows at most this many of its event's markets live (it shows three). */
export const LIVE_MARKETS_PER_ROW = 4;

/** The outcome-0 token of a market the exchange trades (two outcomes, active, not closed), else null. */
function bookToken(market: Market): string | null {
  if (!market.active || market.closed) return null;
  const outcomes = decodeMarket(market).outcomes;
  return outcomes.length === 2 ? outcomes[0]!.tokenId : null;
}

/** The tokens a row follows: the outcome-0 tokens of the markets it shows first. */
export function liveTokens(event: Pick<Event, 'markets'>): string[] {
  return marketsInOrder(event.markets)
    .map((v) => bookToken(v.market))
    .filter((t): t is string => t !== null)
    .slice(0, LIVE_MARKETS_PER_ROW);
}

const decimal = (units: number) => String(Number((units / PRICE_UNITS).toFixed(5)));

/**
 * The event as the live book shows it: each followed market's prices are its displayed price (and its
 * mirror), and its 24-hour change moves by as much as the price moved since the catalog's figure. The
 * same object when nothing is live, so rows re-render only on a change.
 */
export function withLivePrices(event: Event, prices: ReadonlyMap<string, number>): Event {
  if (prices.size === 0) return event;
  let changed = false;
  const markets = event.markets.map((market) => {
    const token = bookToken(market);
    const live = token === null ? undefined : prices.get(token);
    if (live === undefined) return market;
    const before = decodeMarket(market).outcomes[0]?.price ?? null;
    const after = live / PRICE_UNITS;
    if (before === after) return market;
    changed = true;
    const change = market.oneDayPriceChange;
    return {
      ...market,
      outcomePrices: JSON.stringify([decimal(live), decimal(PRICE_UNITS - live)]),
      ...(change !== undefined && before !== null
        ? { oneDayPriceChange: Number((change + after - before).toFixed(6)) }
        : {}),
    };
  });
  return changed ? { ...event, markets } : event;
}
