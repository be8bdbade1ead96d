/** The benchmarks' statistics, one definition each. */

/** The nearest-rank percentile `p` (0–100) of values sorted ascending; 0 for none. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The median by nearest rank (the upper of the two middle values for an even count). */
export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** The nearest-rank percentile `p` of `total` values counted in a histogram of whole milliseconds. */
export function histogramPercentile(histogram: ArrayLike<number>, total: number, p: number): number {
  const rank = Math.min(total - 1, Math.floor((p / 100) * total));
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms]!;
    if (seen > rank) return ms;
  }
  return 0;
}
