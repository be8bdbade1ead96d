import { Link } from '@tanstack/react-router';
import { EmptyState, ErrorState } from '../../../components/status-states';
import { Skeleton } from '../../../components/skeleton';
import { useSeriesList } from '../api/series';

const gridClass = 'grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3';
const cardClass =
  'flex h-11 items-center rounded-md border border-neutral-200 px-3 text-sm font-medium hover:border-accent-500 hover:text-accent-700 dark:border-neutral-800 dark:hover:text-accent-300';

/** Every series, alphabetically. */
export function SeriesIndex() {
  const query = useSeriesList();
  const series = query.data ? [...query.data].sort((a, b) => a.title.localeCompare(b.title)) : null;
  return (
    <section aria-labelledby="series-heading" className="space-y-3">
      <h1 id="series-heading" className="text-2xl font-semibold">
        Series
      </h1>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !series ? (
        <div aria-hidden="true" className={gridClass}>
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
            <Skeleton key={i} className="h-11" />
          ))}
        </div>
      ) : series.length === 0 ? (
        <EmptyState title="No series yet." />
      ) : (
        <ul className={gridClass}>
          {series.map((item) => (
            <li key={item.id}>
              <Link to="/series/$seriesId" params={{ seriesId: item.id }} className={cardClass}>
                <span className="truncate">{item.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
