/**
 * The event page's chart ranges (`/e/<slug>?range=1m`, event-search.ts), and what each range asks
 * `/prices-history` for.
 */
export const CHART_RANGES = ['1d', '1w', '1m', 'all'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const DEFAULT_CHART_RANGE: ChartRange = '1w';

/** The request per range: ~150–340 points each, whatever the range. */
export const CHART_REQUEST: Record<ChartRange, { interval: '1d' | '1w' | '1m' | 'max'; fidelity: number }> = {
  '1d': { interval: '1d', fidelity: 5 },
  '1w': { interval: '1w', fidelity: 30 },
  '1m': { interval: '1m', fidelity: 180 },
  all: { interval: 'max', fidelity: 360 },
};
