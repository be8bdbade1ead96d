import type { Event } from '../../../contract/catalog';
import { marketName } from '../../../contract/market-name';
import type { DecodedOutcome } from '../../lib/decode-market';
import { isTradable, marketsInOrder } from '../../lib/event-summary';
import { priceUnits } from '../../lib/live/figures';

/** A market the exchange has a book for (docs/api.md: two outcomes with tokens, active, not closed). */
export interface TradableMarket {
  id: string;
  /** Names the market in the trading interface's market-wide reads. */
  conditionId: string;
  question: string;
  /** Its name among the event's markets (contract/market-name.ts): the market picker's. */
  name: string;
  outcomes: [DecodedOutcome & { tokenId: string }, DecodedOutcome & { tokenId: string }];
  /** The token whose book is subscribed: outcome 0's (outcome 1's book is its mirror). */
  bookToken: string;
  /** Signed for the negative-risk exchange (docs/api.md). */
  negRisk: boolean;
  /** The market's tick in 1/10,000 and minimum resting size in centishares (docs/api.md defaults). */
  tick: number;
  minSize: number;
  /** The catalog's volume (USDC): this book's trades, and any the market had before it was listed here. */
  volume: number;
}

/**
 * An outcome's name, with its market's when the event has several ("Yes (Fulham)"); a market name with
 * brackets of its own follows a dot instead ("Dolphins · Spread: Dolphins (-5.5)", not nested brackets).
 */
export const withMarket = (outcome: string, marketName: string | undefined): string =>
  !marketName
    ? outcome
    : marketName.includes('(')
      ? `${outcome} · ${marketName}`
      : `${outcome} (${marketName})`;

/** The event's tradable markets, as its page lists them (`marketsInOrder`): the first is the book shown. */
export function tradableMarkets(event: Pick<Event, 'markets' | 'title'>): TradableMarket[] {
  const out: TradableMarket[] = [];
  // In the order the event page lists its markets: a game's own question first, not its likeliest line.
  for (const view of marketsInOrder(event.markets)) {
    if (!isTradable(view)) continue;
    const { market } = view;
    const outcomes = view.decoded.outcomes as TradableMarket['outcomes'];
    out.push({
      id: market.id,
      conditionId: market.conditionId,
      question: market.question.trim() || event.title,
      name: marketName(market) || event.title,
      outcomes,
      bookToken: outcomes[0].tokenId,
      negRisk: market.negRisk === true,
      tick: priceUnits(market.orderPriceMinTickSize || 0.01),
      minSize: Math.round((market.orderMinSize || 5) * 100),
      volume: market.volumeNum || Number(market.volume) || 0,
    });
  }
  return out;
}
