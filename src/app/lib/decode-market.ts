/**
 * The one place that reads a market's `outcomes`, `outcomePrices` and `clobTokenIds`.
 *
 * The contract sends `outcomes`/`outcomePrices` as JSON-encoded strings and `clobTokenIds` as an array,
 * but real-world payloads (docs/api.md §8) also carry arrays where strings are expected, JSON strings where
 * arrays are expected, and prices as numbers. Anything unreadable degrades: the market is still shown,
 * only without the part that could not be read. This function never throws.
 */

export interface DecodedOutcome {
  label: string;
  /** Probability in [0, 1], or null when the price is missing or unreadable. */
  price: number | null;
  /** CLOB token id of this outcome, or null when missing. */
  tokenId: string | null;
}

export interface DecodedMarket {
  /** In the order the market lists them. */
  outcomes: DecodedOutcome[];
  /** Outcomes sorted by price, highest first (unpriced last, original order kept among equals). */
  ranked: DecodedOutcome[];
  /** The highest-priced outcome, or null when no outcome has a price. */
  leading: DecodedOutcome | null;
  hasPrices: boolean;
}

export interface MarketFields {
  outcomes?: unknown;
  outcomePrices?: unknown;
  clobTokenIds?: unknown;
}

/** A JSON-encoded array or an array, else null. Strings that are not JSON arrays give null. */
function asArray(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function asLabel(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A price as a number in [0, 1]; decimal strings with many digits are fine (precision beyond display is moot). */
function asPrice(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*[+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(value))
    n = Number(value);
  else return null;
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
}

function asTokenId(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  // Token ids are 256-bit integers: a JSON number has already lost digits, so it is not trusted.
  return null;
}

export function decodeMarket(market: MarketFields): DecodedMarket {
  const labels = asArray(market.outcomes)?.map(asLabel) ?? [];
  const readable = labels.every((l) => l !== null) ? (labels as string[]) : [];

  const rawPrices = asArray(market.outcomePrices);
  const prices = rawPrices?.length === readable.length ? rawPrices.map(asPrice) : null;
  // One bad price makes the whole set untrustworthy (they are meant to be one distribution).
  const pricesOk = prices !== null && readable.length > 0 && prices.every((p) => p !== null);

  const rawTokens = asArray(market.clobTokenIds);
  const tokens = rawTokens?.length === readable.length ? rawTokens.map(asTokenId) : null;

  const outcomes = readable.map((label, i) => ({
    label,
    price: pricesOk ? (prices[i] as number) : null,
    tokenId: tokens?.[i] ?? null,
  }));
  const ranked = pricesOk
    ? outcomes
        .map((o, i) => ({ o, i }))
        .sort((a, b) => (b.o.price as number) - (a.o.price as number) || a.i - b.i)
        .map(({ o }) => o)
    : outcomes;
  return { outcomes, ranked, leading: pricesOk ? (ranked[0] ?? null) : null, hasPrices: pricesOk };
}

/**
 * The probability a list shows for a market: the "Yes" price of a Yes/No market (what the question
 * asks), else the leading outcome's.
 */
export function headlineOutcome(decoded: DecodedMarket): DecodedOutcome | null {
  if (!decoded.hasPrices) return null;
  return yesOutcome(decoded) ?? decoded.leading;
}

/** The "Yes" of a two-outcome market that has one (a Yes/No market); null for any other market. */
export function yesOutcome(decoded: Pick<DecodedMarket, 'outcomes'>): DecodedOutcome | null {
  if (decoded.outcomes.length !== 2) return null;
  return decoded.outcomes.find((o) => o.label.trim().toLowerCase() === 'yes') ?? null;
}
