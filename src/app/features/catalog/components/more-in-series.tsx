import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { Series } from '../../../../contract/catalog';
import { Skeleton } from '../../../components/skeleton';
import { InlineError } from '../../../components/status-states';
import { EndsText } from '../../../components/ends-text';
import { formatMoney, formatPercent } from '../../../lib/format';
import { eventsQueryOptions } from '../api/events';
import { mainMarket } from '../../../lib/event-summary';

const SHOWN = 6;

/** Other events of the same series, by volume. */
export function MoreInSeries({ series, exclude }: { series: Series; exclude: string }) {
  const query = useQuery(
    eventsQueryOptions({
      series_id: series.id,
      order: 'volume',
      ascending: false,
      limit: SHOWN + 1,
      offset: 0,
    }),
  );
  // An answer re-renders at once (the query cache is a store): the cards follow as deferred work.
  const data = useDeferredValue(query.data);
  const events = data?.events.filter((e) => e.id !== exclude).slice(0, SHOWN);
  if (events && events.length === 0) return null;
  return (
    <section aria-labelledby="more-heading" className="space-y-2">
      <h2 id="more-heading" className="text-lg font-semibold">
        More in{' '}
        <Link
          to="/series/$seriesId"
          params={{ seriesId: series.id }}
          className="text-accent-700 underline decoration-1 underline-offset-4 hover:decoration-2 dark:text-accent-300"
        >
          {series.title}
        </Link>
      </h2>
      {query.isError && !events ? (
        <InlineError
          message="The other events of this series could not load."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {events
            ? events.map((event) => {
                const top = mainMarket(event)?.headline ?? null;
                return (
                  <li key={event.id}>
                    <Link
                      to="/e/$slug"
                      params={{ slug: event.slug }}
                      className="flex h-20 flex-col justify-between rounded-md border border-neutral-200 p-2 text-sm hover:border-accent-500 dark:border-neutral-800"
                    >
                      <span className="line-clamp-2 font-medium wrap-anywhere">{event.title}</span>
                      <span className="flex gap-3 text-xs text-neutral-600 tabular-nums dark:text-neutral-400">
                        <span>{top ? `${top.label} ${formatPercent(top.price)}` : '—'}</span>
                        <span>{formatMoney(event.volume)} vol</span>
                        <span>
                          <EndsText iso={event.endDate} closed={event.closed} />
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })
            : Array.from({ length: 3 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
                <li key={i} aria-hidden="true">
                  <Skeleton className="h-20" />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
