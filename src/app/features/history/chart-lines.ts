import type { Event } from '../../../contract/catalog';
import { type DecodedMarket, decodeMarket, yesOutcome } from '../../lib/decode-market';
import { hasNamedMarkets, mainMarket } from '../../lib/event-summary';
import { marketName } from '../../../contract/market-name';

/** At most this many lines: more would be unreadable at phone width. */
export const MAX_LINES = 4;

/** One line of the chart: an outcome token, its name and the catalog's current price. */
export interface ChartLine {
  tokenId: string;
  label: string;
  price: number;
}

/** A market's outcomes by price, each with its token and price; `name` follows each outcome's label. */
function outcomeLines(decoded: DecodedMarket, name?: string): ChartLine[] {
  const lines: ChartLine[] = [];
  for (const outcome of decoded.ranked)
    if (outcome.tokenId && outcome.price !== null)
      lines.push({
        tokenId: outcome.tokenId,
        label: name ? `${outcome.label} · ${name}` : outcome.label,
        price: outcome.price,
      });
  return lines;
}

/**
 * The leading outcomes of an event: a Yes/No market's Yes; a single market's outcomes by price; for an
 * event of several Yes/No markets, each one's Yes by price, named by its question. An event with markets
 * of named outcomes (a game: its winner, spreads and totals) draws one market's outcomes, the book's
 * (`chosen`, a market id) or else its own question: lines of different measures side by side say
 * nothing. Outcomes without a price or token are left out.
 */
export function chartLines(event: Pick<Event, 'markets'>, chosen?: string): ChartLine[] {
  if (hasNamedMarkets(event)) {
    const main = mainMarket(event);
    const picked = event.markets.find((m) => m.id === chosen && m.id !== main?.market.id);
    if (!picked) return main ? outcomeLines(main.decoded).slice(0, MAX_LINES) : [];
    // Another market is named after each outcome (a phone's legend cuts the end, not the side), without
    // the game's own question it repeats ("Eagles vs. Vikings: O/U 35.5" is "O/U 35.5" here).
    const name = marketName(picked);
    const own = `${main?.market.question.trim()}: `;
    const short = name.startsWith(own) ? name.slice(own.length) : name;
    return outcomeLines(decodeMarket(picked), short).slice(0, MAX_LINES);
  }
  if (event.markets.length === 1) {
    const only = decodeMarket(event.markets[0]!);
    const yes = only.hasPrices ? yesOutcome(only) : null;
    return (yes ? outcomeLines({ ...only, ranked: [yes] }) : outcomeLines(only)).slice(0, MAX_LINES);
  }
  const candidates: ChartLine[] = [];
  for (const market of event.markets) {
    const yes = yesOutcome(decodeMarket(market));
    if (yes?.tokenId && yes.price !== null)
      candidates.push({ tokenId: yes.tokenId, label: marketName(market) || yes.label, price: yes.price });
  }
  candidates.sort((a, b) => b.price - a.price);
  return candidates.slice(0, MAX_LINES);
}
