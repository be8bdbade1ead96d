import type { Market } from '../../../contract/catalog';
import type { ChartLine } from './chart-lines';

/** Where a line's live price comes from: its market's outcome-0 book (outcome 1 is its mirror). */
export interface LiveSource {
  bookToken: string;
  mirrored: boolean;
}

/**
 * The live source of each line, or null for a line whose market the exchange does not trade (two
 * tokens, active, not closed). Loaded with the chart only, after hydration.
 */
export function liveSources(lines: readonly ChartLine[], markets: readonly Market[]): (LiveSource | null)[] {
  return lines.map((line) => {
    const market = markets.find((m) => m.clobTokenIds.includes(line.tokenId));
    if (!market?.active || market.closed || market.clobTokenIds.length !== 2) return null;
    return { bookToken: market.clobTokenIds[0]!, mirrored: market.clobTokenIds[1] === line.tokenId };
  });
}
