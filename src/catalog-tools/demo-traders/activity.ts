import type { Random } from '../random';

/**
 * How busy each market is: its share of the takers' arrivals and the size of its makers' levels, from
 * its volume, so the markets people look at first (the busiest lists) move most. Pure.
 */

/**
 * A market's weight: the event's 24-hour volume shared by the market's share of the event's volume,
 * plus a floor so that a quiet market still trades now and then.
 */
export function weightOf(m: { eventVolume24hr: number; eventVolume: number; volume: number }): number {
  const share = m.eventVolume > 0 ? Math.min(1, m.volume / m.eventVolume) : 1;
  return m.eventVolume24hr * share + 500;
}

/** Best-level size in centishares: 10 shares for a quiet market up to 250 for the busiest. */
export function levelSize(weight: number): number {
  const shares =
    weight < 2_000 ? 10 : weight < 20_000 ? 20 : weight < 200_000 ? 50 : weight < 2_000_000 ? 100 : 250;
  return shares * 100;
}

/**
 * Picks items in proportion to weight^0.8 (busier markets busier, the very largest not all of it) by
 * binary search over cumulative weights.
 */
export class WeightedPicker<T> {
  private readonly cumulative: Float64Array;

  constructor(
    private readonly items: readonly T[],
    weight: (item: T) => number,
  ) {
    this.cumulative = new Float64Array(items.length);
    let total = 0;
    items.forEach((item, i) => {
      total += weight(item) ** 0.8;
      this.cumulative[i] = total;
    });
  }

  get size(): number {
    return this.items.length;
  }

  pick(rng: Random): T | undefined {
    if (this.items.length === 0) return undefined;
    const target = rng.next() * this.cumulative[this.items.length - 1]!;
    let lo = 0;
    let hi = this.items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return this.items[lo];
  }
}

/** Draws from a Poisson distribution (the number of takers arriving in a tick). */
export function poisson(rng: Random, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * rng.normal()));
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = rng.next(); p > limit; p *= rng.next()) k++;
  return k;
}

/**
 * A taker's size in centishares: most about half a level, a heavy tail, some several levels deep (the
 * trades that move a price). Whole shares, at least 5.
 */
export function takerSize(rng: Random, level: number): number {
  const factor = Math.exp(-0.7 + 1.0 * rng.normal());
  return Math.max(500, Math.round((level * Math.min(factor, 6)) / 100) * 100);
}
