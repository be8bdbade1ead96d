import { queryOptions } from '@tanstack/react-query';
import { CHART_REQUEST, type ChartRange } from '../../../../contract/chart-range';
import { getJson } from '../../../lib/api-client';
import { config } from '../../../lib/config';

export interface PricePoint {
  t: number;
  p: number;
}

/** `{history: [{t, p}]}` with numbers where numbers belong, else null (the client's "unexpected answer"). */
export function decodeHistory(body: unknown): PricePoint[] | null {
  const history = (body as { history?: unknown } | null)?.history;
  if (!Array.isArray(history)) return null;
  const points: PricePoint[] = [];
  for (const item of history) {
    const { t, p } = (item ?? {}) as { t?: unknown; p?: unknown };
    if (typeof t !== 'number' || typeof p !== 'number' || !Number.isFinite(t) || !(p >= 0 && p <= 1))
      return null;
    points.push({ t, p });
  }
  return points;
}

export async function fetchPriceHistory(token: string, range: ChartRange, signal?: AbortSignal) {
  const { interval, fidelity } = CHART_REQUEST[range];
  const query = new URLSearchParams({ market: token, interval, fidelity: String(fidelity) });
  const { data } = await getJson(`${config.clobUrl}/prices-history?${query}`, decodeHistory, signal);
  return data;
}

/** The histories of several tokens over one range, in their order (one query: the chart draws them together). */
export const priceHistoriesQueryOptions = (tokens: readonly string[], range: ChartRange) =>
  queryOptions({
    queryKey: ['history', range, ...tokens],
    queryFn: ({ signal }) => Promise.all(tokens.map((token) => fetchPriceHistory(token, range, signal))),
    staleTime: 60_000,
  });
