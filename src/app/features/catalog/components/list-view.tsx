import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from '../../../components/status-states';
import { Skeleton } from '../../../components/skeleton';
import { formatCount } from '../../../lib/format';
import { useEvents } from '../api/events';
import { DEFAULT_LIST_SEARCH, type ListSearch, toEventsQuery } from '../../../../contract/list-search';
import { EventList, EventListSkeleton } from './event-list';
import { ListNav, listAbout } from './list-nav';
import { ListToolbar } from './list-toolbar';
import { useNow } from '../../../lib/use-now';
import { Pagination } from './pagination';
import { LiveButton } from '../../../components/live-button';

export interface ListScope {
  tagId?: string;
  seriesId?: string;
}

interface ListViewProps {
  heading: string;
  /** Shown above the toolbar (the tag strip on `/`). */
  above?: ReactNode;
  scope?: ListScope;
  search: ListSearch;
  onSearchChange: (patch: Partial<ListSearch>) => void;
}

/** Heading with the total, toolbar, events and pagination: the body of `/`, `/tags/$tagId` and `/series/$seriesId`. */
export function ListView({ heading, above, scope = {}, search, onSearchChange }: ListViewProps) {
  // The catalog's lists ask for "now" (floored to the minute): the time the server rendered at while
  // the page hydrates, so both ask for the same page.
  const now = useNow();
  const query = useEvents(toEventsQuery(search, scope, now));
  const page = query.data;
  const filtered = search.q !== '' || (search.list === 'top' && search.status !== DEFAULT_LIST_SEARCH.status);

  return (
    <section aria-labelledby="list-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 id="list-heading" className="text-2xl font-semibold wrap-anywhere">
          {heading}
        </h1>
        <p className="text-sm text-neutral-600 tabular-nums dark:text-neutral-400" aria-live="polite">
          {page ? (
            `${formatCount(page.total)} ${page.total === 1 ? 'event' : 'events'}`
          ) : (
            <Skeleton inline className="h-4 w-20 align-middle" />
          )}
          {search.q && page ? ` matching “${search.q}”` : ''}
        </p>
      </div>
      {above}
      <ListNav current={search.list} />
      {search.list !== 'top' && (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{listAbout(search.list)}</p>
      )}
      <ListToolbar search={search} onChange={onSearchChange} />
      {query.isError && !page ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !page ? (
        <EventListSkeleton rows={search.size} />
      ) : page.events.length === 0 && page.total > 0 ? (
        <EmptyState title="This page is past the end of the list.">
          <LiveButton
            onClick={() => onSearchChange({ page: 1 })}
            className="font-medium text-accent-700 underline underline-offset-4 dark:text-accent-300"
          >
            Go to the first page
          </LiveButton>
        </EmptyState>
      ) : page.events.length === 0 ? (
        <EmptyState title="No events match this view.">
          {!filtered
            ? 'Nothing has been published here yet.'
            : /\s/.test(search.q.trim())
              ? // The search matches the title's own wording (docs/api.md §6): say so before "another search".
                `The search finds titles holding “${search.q.trim()}” as typed, words in that order: try fewer words, or set the status filter to All.`
              : 'Try another search, or set the status filter to All.'}
        </EmptyState>
      ) : (
        <>
          {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
          <EventList
            events={page.events}
            busy={query.isPlaceholderData}
            after={<Pagination page={search.page} size={search.size} total={page.total} />}
          />
        </>
      )}
    </section>
  );
}
