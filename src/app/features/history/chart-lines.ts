import type { Event } from '../../../contract/catalog';
import { decodeMarket, headlineOutcome, yesOutcome } from '../../lib/decode-market';
import { marketName } from '../../../contract/market-name';

/** At most this many lines: more would be unreadable at phone width. */
export const MAX_LINES = 4;

/** One line of the chart: an outcome token, its name and the catalog's current price. */
export interface ChartLine {
  tokenId: string;
  label: string;
  price: number;
}

/**
 * The leading outcomes of an event: a Yes/No market's Yes; a single market's outcomes by price;
 * or, for an event of several markets, each market's headline (its Yes, or its likelier named outcome)
 * by price, named by its question (and that outcome). Outcomes without a price or token are left out.
 */
export function chartLines(event: Pick<Event, 'markets'>): ChartLine[] {
  const decoded = event.markets.map((market) => ({ market, decoded: decodeMarket(market) }));
  const candidates: ChartLine[] = [];
  if (decoded.length === 1) {
    const only = decoded[0]!.decoded;
    const yes = only.hasPrices ? yesOutcome(only) : null;
    for (const outcome of yes ? [yes] : only.ranked)
      if (outcome.tokenId && outcome.price !== null)
        candidates.push({ tokenId: outcome.tokenId, label: outcome.label, price: outcome.price });
  } else {
    for (const { market, decoded: d } of decoded) {
      const headline = headlineOutcome(d);
      if (headline?.tokenId && headline.price !== null) {
        const name = marketName(market);
        // A market of two named outcomes draws its likelier one, which the line must name: "Spread:
        // Hawks (-17.5) · Nets" at 91%, not a 91% that reads as the Hawks covering.
        const label = !name ? headline.label : yesOutcome(d) ? name : `${name} · ${headline.label}`;
        candidates.push({ tokenId: headline.tokenId, label, price: headline.price });
      }
    }
    candidates.sort((a, b) => b.price - a.price);
  }
  return candidates.slice(0, MAX_LINES);
}
