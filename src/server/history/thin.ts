import type { PricePoint } from './packing';

/**
 * At most one point per `minutes`: the last point of each span of that length (spans aligned to
 * the Unix epoch, so the same request gives the same points), which keeps the latest price last.
 */
export function thin(points: readonly PricePoint[], minutes: number): PricePoint[] {
  if (minutes <= 1 && points.every((p, i) => i === 0 || p.t - points[i - 1]!.t >= 60)) return [...points];
  const span = minutes * 60;
  const out: PricePoint[] = [];
  for (const point of points) {
    const last = out.at(-1);
    if (last && Math.floor(last.t / span) === Math.floor(point.t / span)) out[out.length - 1] = point;
    else out.push(point);
  }
  return out;
}
