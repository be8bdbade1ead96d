import type { Event, Market } from '../../contract/catalog';
import {
  type DecodedMarket,
  type DecodedOutcome,
  decodeMarket,
  headlineOutcome,
  yesOutcome,
} from './decode-market';

export interface MarketView {
  market: Market;
  decoded: DecodedMarket;
  /** What a list shows for this market ("Yes" of a Yes/No market, else the leading outcome). */
  headline: DecodedOutcome | null;
}

export function viewMarket(market: Market): MarketView {
  const decoded = decodeMarket(market);
  return { market, decoded, headline: headlineOutcome(decoded) };
}

/** Markets by headline probability, highest first; unpriced markets last, catalog order among equals. */
export function rankMarkets(markets: readonly Market[]): MarketView[] {
  return markets
    .map((market, index) => ({ view: viewMarket(market), index }))
    .sort((a, b) => (b.view.headline?.price ?? -1) - (a.view.headline?.price ?? -1) || a.index - b.index)
    .map(({ view }) => view);
}

const isYesNo = (view: MarketView) => yesOutcome(view.decoded) !== null;

/** An event of several markets, some of named outcomes (a game's winner, spreads and totals). */
export function hasNamedMarkets(event: Pick<Event, 'markets'>): boolean {
  return event.markets.length > 1 && !event.markets.every((m) => isYesNo(viewMarket(m)));
}

/**
 * An event's markets as its page lists them: Yes/No markets (answers, dates, thresholds of one question)
 * likeliest first; markets of named outcomes (a game's winner, spreads and totals) in the catalog's
 * order, the event's own question first and each measure's lines in turn.
 */
export function marketsInOrder(markets: readonly Market[]): MarketView[] {
  const ranked = rankMarkets(markets);
  return ranked.every(isYesNo) ? ranked : markets.map(viewMarket);
}

/** Whether a market has a book to trade on here: open, with exactly two outcomes, each with its token. */
export function isTradable(view: MarketView): boolean {
  const [first, second, ...rest] = view.decoded.outcomes;
  return (
    view.market.active && !view.market.closed && !!first?.tokenId && !!second?.tokenId && rest.length === 0
  );
}

/**
 * The market an event is summed up by: the likeliest Yes/No market, or for markets of named outcomes the
 * first open one, the event's own question (a spread's chance is no answer to who wins).
 */
export function mainMarket(event: Pick<Event, 'markets'>): MarketView | undefined {
  return hasNamedMarkets(event)
    ? viewMarket(event.markets.find((m) => !m.closed) ?? event.markets[0]!)
    : rankMarkets(event.markets)[0];
}

/** Hides the grouped event's shared prefix so each line of a multi-market summary stays short. */
export function shortQuestion(question: string, title: string): string {
  const trimmed = question.trim();
  return trimmed === '' ? title : trimmed;
}

export function isMultiMarket(event: Pick<Event, 'markets'>): boolean {
  return event.markets.length > 1;
}

/**
 * The 24-hour change of an outcome of the market, in percentage points, from the market's
 * `oneDayPriceChange` (its first outcome's change): the second outcome of a two-outcome market
 * moved by the opposite; any other outcome's change is not known (null).
 */
export function dayChangePoints(view: MarketView, outcome: DecodedOutcome | null): number | null {
  const change = (view.market as { oneDayPriceChange?: unknown }).oneDayPriceChange;
  if (typeof change !== 'number' || !Number.isFinite(change) || !outcome) return null;
  const index = view.decoded.outcomes.indexOf(outcome);
  if (index === 0) return change * 100;
  if (index === 1 && view.decoded.outcomes.length === 2) return -change * 100;
  return null;
}
