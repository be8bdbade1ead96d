/** A price point of a history: unix seconds, price 0…1. */
export interface ChartPoint {
  t: number;
  p: number;
}

/** At most this many points are drawn: a card's chart is ~400 px wide. */
const MAX_POINTS = 200;
/** The smallest price span the chart's height shows (a flat history stays a flat line mid-height). */
const MIN_SPAN = 0.1;

/** A drawn sparkline: its SVG path (`d`), and the prices at the bottom and top of its box. */
export interface Sparkline {
  path: string;
  low: number;
  high: number;
}

/**
 * A sparkline of `points` in a `width` × `height` box: time across, price up, the price axis fitted to
 * the points (at least MIN_SPAN), or null when there are fewer than two. Numbers only: nothing of the
 * catalog's text reaches it.
 */
export function sparkline(points: readonly ChartPoint[], width: number, height: number): Sparkline | null {
  const valid = points.filter((pt) => Number.isFinite(pt.t) && Number.isFinite(pt.p));
  if (valid.length < 2) return null;
  const step = Math.ceil(valid.length / MAX_POINTS);
  const drawn = valid.filter((_, i) => i % step === 0 || i === valid.length - 1);
  const first = drawn[0] as ChartPoint;
  const last = drawn.at(-1) as ChartPoint;
  let low = Math.min(...drawn.map((pt) => pt.p));
  let high = Math.max(...drawn.map((pt) => pt.p));
  if (high - low < MIN_SPAN) {
    const middle = (high + low) / 2;
    low = Math.max(0, middle - MIN_SPAN / 2);
    high = Math.min(1, low + MIN_SPAN);
    low = high - MIN_SPAN;
  }
  // Out to whole points, so the card's scale reads "90%" and "100%", never "≥99%" a hair below the top.
  low = Math.max(0, Math.floor(low * 100 + 1e-9) / 100);
  high = Math.min(1, Math.ceil(high * 100 - 1e-9) / 100);
  const span = last.t - first.t || 1;
  const x = (t: number) => (((t - first.t) / span) * width).toFixed(1);
  const y = (p: number) => ((1 - (p - low) / (high - low)) * height).toFixed(1);
  const path = drawn.map((pt, i) => `${i === 0 ? 'M' : 'L'}${x(pt.t)} ${y(pt.p)}`).join('');
  return { path, low, high };
}
