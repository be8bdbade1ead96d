import { Skeleton } from '../../../components/skeleton';
import { ChartFrame, chartHeading } from './chart-frame';

/** The chart section while its code or data loads: the same frame and heights (CLS 0). */
export function PriceHistorySkeleton({ lines }: { lines: number }) {
  return (
    <ChartFrame
      heading={chartHeading}
      controls={<Skeleton className="h-8 w-44" />}
      legend={
        <div aria-hidden="true" className="space-y-1">
          {Array.from({ length: lines }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders in a fixed order.
            <Skeleton key={i} className="h-5 w-3/4 sm:w-1/2" />
          ))}
        </div>
      }
      readout={null}
      plot={<Skeleton className="h-full w-full" />}
    />
  );
}
