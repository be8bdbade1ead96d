import type { ReactNode } from 'react';
import type { Event } from '../../../../contract/catalog';
import { Skeleton } from '../../../components/skeleton';
import { EventRow } from './event-row';

function ColumnHeads() {
  // The figures carry their own labels for assistive tech; these headings are for the eye only.
  return (
    <div
      aria-hidden="true"
      className="hidden grid-cols-[2.5rem_1fr_9rem_5.5rem_5.5rem] gap-x-3 border-b border-neutral-200 px-2 pb-2 text-xs font-medium text-neutral-600 uppercase sm:grid dark:border-neutral-800 dark:text-neutral-400"
    >
      <span />
      <span>Event</span>
      <span className="text-right">Chance</span>
      <span className="text-right">Volume</span>
      <span className="text-right">24 h</span>
    </div>
  );
}

/** The events as rows, then `after` (the pagination). */
export function EventList({
  events,
  busy = false,
  after,
}: {
  events: Event[];
  busy?: boolean;
  after?: ReactNode;
}) {
  return (
    <>
      <div aria-busy={busy} className={busy ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
        <ColumnHeads />
        <ul aria-label="Events">
          {events.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </ul>
      </div>
      {after}
    </>
  );
}

/** The list's shape while the first page loads: same row heights as EventRow (single-market rows). */
export function EventListSkeleton({ rows }: { rows: number }) {
  return (
    <div aria-hidden="true" data-testid="event-list-skeleton">
      <ColumnHeads />
      {Array.from({ length: rows }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered.
          key={i}
          className="grid grid-cols-[2.5rem_1fr_auto] gap-x-3 gap-y-1 border-b border-neutral-200 px-2 py-3 sm:grid-cols-[2.5rem_1fr_9rem_5.5rem_5.5rem] sm:items-center dark:border-neutral-800"
        >
          <Skeleton className="row-span-2 size-10 sm:row-span-1" />
          <div>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="mt-2 h-3 w-1/3" />
          </div>
          <div className="flex flex-col items-end">
            <Skeleton className="h-5 w-14" />
            <Skeleton className="mt-1 h-3 w-8" />
          </div>
          <Skeleton className="col-start-2 h-3 w-24 sm:col-auto sm:ml-auto sm:w-14" />
          <Skeleton className="hidden h-3 w-14 sm:ml-auto sm:block" />
        </div>
      ))}
    </div>
  );
}
