import { CHART_REQUEST, type ChartRange } from '../../contract/chart-range';
import { PRICE_HISTORY_INTERVALS } from '../../contract/price-history';
import type { Db } from '../db/open';
import type { PricePoint } from './packing';
import { findToken, readHistory } from './store';
import { thin } from './thin';

/**
 * Reads a token's recent prices for a chart the server draws (the embed card's sparkline, docs/api.md
 * "Embeds"): the points the event page's chart asks /prices-history for over `range`, or [] when the
 * token is unknown or has no history. app.ts hands it to the web plugin, which imports no interface.
 */
export function pageHistoryReader(db: Db) {
  return async (tokenId: string, range: ChartRange = '1w'): Promise<PricePoint[]> => {
    const token = await findToken(db, tokenId);
    if (!token) return [];
    const { interval, fidelity } = CHART_REQUEST[range];
    const seconds = PRICE_HISTORY_INTERVALS[interval];
    const points = await readHistory(db, token, seconds === null ? {} : { lastSeconds: seconds });
    return thin(points, fidelity);
  };
}
