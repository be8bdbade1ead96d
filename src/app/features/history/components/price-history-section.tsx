import { lazy, Suspense } from 'react';
import type { ChartRange } from '../../../../contract/chart-range';
import { useHydrated } from '../../../lib/use-hydrated';
import type { ChartLine } from '../chart-lines';
import type { Market } from '../../../../contract/catalog';
import { PriceHistorySkeleton } from './price-history-skeleton';

// The chart and its library load with the event page only, never with the lists' first load.
const PriceHistoryPanel = lazy(() => import('./price-history-panel'));

/** The event page's chart section (nothing when no outcome has a token and a price). */
export function PriceHistorySection({
  slug,
  lines,
  range,
  markets,
}: {
  slug: string;
  lines: ChartLine[];
  range: ChartRange;
  markets: readonly Market[];
}) {
  const hydrated = useHydrated();
  if (lines.length === 0) return null;
  // A server render cannot wait for the chart's chunk: it sends the skeleton, which the browser keeps
  // until hydrated (a lazy component inside the server's markup would be thrown away, React #419).
  if (!hydrated) return <PriceHistorySkeleton lines={lines.length} />;
  return (
    <Suspense fallback={<PriceHistorySkeleton lines={lines.length} />}>
      <PriceHistoryPanel slug={slug} lines={lines} range={range} markets={markets} />
    </Suspense>
  );
}
