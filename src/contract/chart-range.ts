/**
 * The event page's chart range, kept in the URL (`/e/<slug>?range=1m`), and what each range asks
 * `/prices-history` for. Hand-written like list-search.ts (no zod in the catalog pages' bundle).
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

export interface EventSearch {
  range: ChartRange;
}

function parseEventSearch(input: unknown): EventSearch {
  const raw = input && typeof input === 'object' ? (input as { range?: unknown }) : {};
  const range = CHART_RANGES.includes(raw.range as ChartRange)
    ? (raw.range as ChartRange)
    : DEFAULT_CHART_RANGE;
  return { range };
}

/** `validateSearch` of the event page: never fails, an unknown range is the default one. */
export const eventSearchSchema = {
  parse: parseEventSearch,
  '~standard': {
    version: 1,
    vendor: 'marketdesk',
    validate: (value: unknown) => ({ value: parseEventSearch(value) }),
    types: undefined as unknown as { input: Partial<EventSearch>; output: EventSearch },
  },
} as const;
