import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/skeleton';

/** The event page's shape while it loads; `chart`: the chart's own skeleton, in the chart's place. */
export function EventDetailsSkeleton({ chart }: { chart?: ReactNode }) {
  return (
    <div aria-hidden="true" className="space-y-6" data-testid="event-skeleton">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Skeleton className="hidden size-18 sm:block" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-7 w-1/2" />
        </div>
        <Skeleton className="h-9 w-24" />
      </div>
      <Skeleton className="h-36 w-full sm:h-24 lg:h-[4.75rem]" />
      {chart}
      <Skeleton className="h-6 w-32" />
      <div className="grid gap-3 lg:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}
