import { Skeleton } from '../../../components/skeleton';
import { EventListSkeleton } from './event-list';

/** A scoped list page (tag, series) while its name loads: heading, toolbar and rows in their places. */
export function ListViewSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-3">
      <div className="flex items-baseline gap-3">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-20" />
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        <Skeleton className="h-9 w-36" />
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-9 w-32" />
        <Skeleton className="h-9 w-28" />
      </div>
      <EventListSkeleton rows={10} />
    </div>
  );
}
