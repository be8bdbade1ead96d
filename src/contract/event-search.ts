import { CHART_RANGES, type ChartRange, DEFAULT_CHART_RANGE } from './chart-range';
import { searchSchema } from './search-schema';

/**
 * What the event page keeps in its URL, so that a shared link opens the same view: the chart's range
 * (`?range=1m`) and the market whose book is shown (`?market=<market id>`, for an event of several).
 * Hand-written like list-search.ts (no zod in the catalog pages' bundle). Defaults stay out of the URL.
 */
export interface EventSearch {
  range: ChartRange;
  /**
   * A catalog market id (digits). Held as a number because the router writes a number as it is and a
   * string of digits in quotes (`?market=%22123%22`). Absent: the event's first tradable market.
   */
  market?: number;
}

export function parseEventSearch(input: unknown): EventSearch {
  const raw = input && typeof input === 'object' ? (input as { range?: unknown; market?: unknown }) : {};
  const range = CHART_RANGES.includes(raw.range as ChartRange)
    ? (raw.range as ChartRange)
    : DEFAULT_CHART_RANGE;
  const market = raw.market;
  return Number.isSafeInteger(market) && (market as number) >= 0
    ? { range, market: market as number }
    : { range };
}

/** The `market` of a link to this market's book (none for an id the URL cannot hold as a number). */
export function marketInSearch(id: string): number | undefined {
  const n = Number(id);
  return Number.isSafeInteger(n) && String(n) === id ? n : undefined;
}

/** `validateSearch` of the event page: never fails, an unknown value is the default one. */
export const eventSearchSchema = searchSchema(parseEventSearch);
