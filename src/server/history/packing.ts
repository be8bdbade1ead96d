/**
 * The stored form of a price series (see the price_history table): points in ten-thousandths,
 * cut into one row per UTC week, packed as little-endian integers.
 */

export const PRICE_UNITS = 10_000;
export const WEEK_S = 7 * 86_400;

/** A token's prices over time: on a regular grid (`stepS > 0`) or at the given `times`. */
export interface Series {
  tokenId: string;
  /** Prices in ten-thousandths, 0…10000. */
  prices: Uint16Array;
  /** Regular grid: point i is at startTs + i·stepS (unix seconds). */
  startTs: number;
  stepS: number;
  /** Irregular points (stepS = 0): unix seconds, ascending, one per price. */
  times?: readonly number[];
}

/** One stored row. */
export interface HistoryRow {
  tokenId: string;
  week: number;
  startTs: number;
  stepS: number;
  prices: Uint8Array;
  offsets: Uint8Array | null;
}

export interface PricePoint {
  /** Unix seconds. */
  t: number;
  /** Price 0…1. */
  p: number;
}

const timeAt = (series: Series, i: number) =>
  series.stepS > 0 ? series.startTs + i * series.stepS : series.times![i]!;

function packUint16(values: ArrayLike<number>, from: number, to: number): Uint8Array {
  const out = new Uint8Array((to - from) * 2);
  const view = new DataView(out.buffer);
  for (let i = from; i < to; i++) view.setUint16((i - from) * 2, values[i]!, true);
  return out;
}

/** The step between the points from…to−1 when there are several and they are evenly spaced, else 0. */
function evenStep(series: Series, from: number, to: number): number {
  if (to - from < 2) return 0;
  const step = timeAt(series, from + 1) - timeAt(series, from);
  if (step <= 0) return 0;
  for (let i = from + 2; i < to; i++) if (timeAt(series, i) - timeAt(series, i - 1) !== step) return 0;
  return step;
}

/**
 * Splits a series into its weekly rows (a week's points stay on the series' grid). A week of
 * irregular points that happen to be evenly spaced (a regular history with points appended on its
 * grid) is stored as a regular row: no offsets, a third of the bytes.
 */
export function toRows(series: Series): HistoryRow[] {
  const rows: HistoryRow[] = [];
  const n = series.prices.length;
  let from = 0;
  while (from < n) {
    const week = Math.floor(timeAt(series, from) / WEEK_S);
    let to = from + 1;
    while (to < n && Math.floor(timeAt(series, to) / WEEK_S) === week) to++;
    const startTs = timeAt(series, from);
    let offsets: Uint8Array | null = null;
    const stepS = series.stepS > 0 ? series.stepS : evenStep(series, from, to);
    if (stepS <= 0) {
      offsets = new Uint8Array((to - from) * 4);
      const view = new DataView(offsets.buffer);
      for (let i = from; i < to; i++) view.setUint32((i - from) * 4, timeAt(series, i) - startTs, true);
    }
    rows.push({
      tokenId: series.tokenId,
      week,
      startTs,
      stepS,
      prices: packUint16(series.prices, from, to),
      offsets,
    });
    from = to;
  }
  return rows;
}

/** The points of one stored row, in order; `complement` gives 1 − p (the other side of a binary market). */
export function unpackRow(
  row: Pick<HistoryRow, 'startTs' | 'stepS' | 'prices' | 'offsets'>,
  complement = false,
): PricePoint[] {
  const prices = new DataView(row.prices.buffer, row.prices.byteOffset, row.prices.byteLength);
  const offsets = row.offsets
    ? new DataView(row.offsets.buffer, row.offsets.byteOffset, row.offsets.byteLength)
    : null;
  const n = row.prices.byteLength >> 1;
  const points: PricePoint[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const units = prices.getUint16(i * 2, true);
    const t = row.startTs + (offsets ? offsets.getUint32(i * 4, true) : i * row.stepS);
    points[i] = { t, p: (complement ? PRICE_UNITS - units : units) / PRICE_UNITS };
  }
  return points;
}

/** The price 24 hours before the series' latest point (the last point at or before), else its first. */
export function dayAgoPrice(series: Series): number | null {
  const n = series.prices.length;
  if (n === 0) return null;
  const target = timeAt(series, n - 1) - 86_400;
  let found = 0;
  for (let i = n - 1; i >= 0; i--) {
    if (timeAt(series, i) <= target) {
      found = i;
      break;
    }
  }
  return series.prices[found]! / PRICE_UNITS;
}

/**
 * Seconds between a generated demo series' points (demo-history.ts): the busiest events 5 minutes,
 * then 10, then 15, times the catalog's scale. The catalog follower watches an event's volume cross
 * into a finer step (history-to-now.ts).
 */
export const historyStepFor = (volume: number, stepScale = 1): number =>
  (volume > 5_000_000 ? 5 : volume > 250_000 ? 10 : 15) * stepScale * 60;
