import { lazy, Suspense } from 'react';
import type { ChartRange } from '../../../../contract/chart-range';
import type { ChartLine } from '../chart-lines';
import { PriceHistorySkeleton } from './price-history-skeleton';

// The chart and its library load with the event page only, never with the lists' first load.
const PriceHistoryPanel = lazy(() => import('./price-history-panel'));

/** The event page's chart section (nothing when no outcome has a token and a price). */
export function PriceHistorySection({
  slug,
  lines,
  range,
}: {
  slug: string;
  lines: ChartLine[];
  range: ChartRange;
}) {
  if (lines.length === 0) return null;
  return (
    <Suspense fallback={<PriceHistorySkeleton lines={lines.length} />}>
      <PriceHistoryPanel slug={slug} lines={lines} range={range} />
    </Suspense>
  );
}
