import type { ChartRange } from '../../../contract/chart-range';
import { formatPercent } from '../../lib/format';
import type { PricePoint } from './api/price-history';
import type { ChartLine } from './chart-lines';

/** What the chart derives from the histories (loaded with the chart, not with the page). */

/**
 * The histories with the live price as their newest point (at `now`, seconds), so the chart's right end
 * moves with the book; a line without a live price, or already newer than `now`, is left as it is.
 */
export function withLiveTail(
  histories: readonly PricePoint[][],
  live: readonly (number | null)[],
  now: number,
): PricePoint[][] {
  return histories.map((h, i) => {
    const p = live[i];
    if (p === null || p === undefined || (h.length > 0 && h.at(-1)!.t >= now)) return h as PricePoint[];
    return [...h, { t: now, p }];
  });
}

/** Several histories on one time axis (the plot's shape): the union of their times, null where a line has no point. */
export function alignHistories(histories: readonly PricePoint[][]): { x: number[]; ys: (number | null)[][] } {
  const times = [...new Set(histories.flatMap((h) => h.map((p) => p.t)))].sort((a, b) => a - b);
  const index = new Map(times.map((t, i) => [t, i]));
  const ys = histories.map((h) => {
    const y: (number | null)[] = new Array(times.length).fill(null);
    for (const p of h) y[index.get(p.t)!] = p.p;
    return y;
  });
  return { x: times, ys };
}

/**
 * A line's price at the axis' `index`: its point there, or else its last point before (a price holds
 * until the next one), so a readout between one line's points still reads every line; null before its
 * first point.
 */
export function valueAt(ys: readonly (number | null)[], index: number): number | null {
  for (let i = Math.min(index, ys.length - 1); i >= 0; i--) if (ys[i] != null) return ys[i]!;
  return null;
}

const RANGE_PHRASE: Record<ChartRange, string> = {
  '1d': 'today',
  '1w': 'this week',
  '1m': 'this month',
  all: 'since trading began',
};
/** A history that ended (a closed market): its range is the last stretch before its end, not before now. */
const ENDED_PHRASE: Record<ChartRange, string> = {
  '1d': 'in its last day',
  '1w': 'in its last week',
  '1m': 'in its last month',
  all: 'over its whole history',
};
/** A last point older than this: the history ended there. */
const ENDED_AFTER_SECONDS = 6 * 3_600;

/** The change over the range in percentage points (one decimal), or null without two points. */
export function changePoints(history: readonly PricePoint[]): number | null {
  if (history.length < 2) return null;
  return Math.round((history.at(-1)!.p - history[0]!.p) * 1000) / 10;
}

/** The text alternative of one line: "Yes 53.6%, up 4.1 points this week". */
export function describeLine(
  line: ChartLine,
  history: readonly PricePoint[] | undefined,
  range: ChartRange,
  /** The history could not be read (not loading: the reader is offered to try again). */
  failed = false,
  /** Seconds: a history whose last point is long before it ended there (its range is before that). */
  nowSeconds = Date.now() / 1000,
): string {
  const now = `${line.label} ${formatPercent(line.price)}`;
  if (failed) return `${now}, history could not be loaded`;
  if (!history) return `${now}, history loading`;
  const last = history.at(-1);
  const phrase = (last && nowSeconds - last.t > ENDED_AFTER_SECONDS ? ENDED_PHRASE : RANGE_PHRASE)[range];
  const change = changePoints(history);
  if (change === null) return `${now}, no price history ${RANGE_PHRASE[range]}`;
  if (change === 0) return `${now}, unchanged ${phrase}`;
  const size = Math.abs(change).toFixed(1);
  return `${now}, ${change > 0 ? 'up' : 'down'} ${size} ${size === '1.0' ? 'point' : 'points'} ${phrase}`;
}
