import { Link } from '@tanstack/react-router';
import { EmptyState, ErrorState } from '../../../components/status-states';
import { Skeleton } from '../../../components/skeleton';
import { formatCount } from '../../../lib/format';
import { useTags } from '../api/tags';

const gridClass = 'grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4';
const cardClass =
  'flex h-11 items-center justify-between gap-2 rounded-md border border-neutral-200 px-3 text-sm hover:border-accent-500 hover:text-accent-700 dark:border-neutral-800 dark:hover:text-accent-300';

/** Every tag with its count of active events (what its page lists first), most used first. */
export function TagIndex() {
  const query = useTags();
  const tags = query.data
    ? [...query.data].sort(
        (a, b) =>
          b.activeEventCount - a.activeEventCount ||
          b.eventCount - a.eventCount ||
          a.label.localeCompare(b.label),
      )
    : null;
  return (
    <section aria-labelledby="tags-heading" className="space-y-3">
      <h1 id="tags-heading" className="text-2xl font-semibold">
        Tags
      </h1>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !tags ? (
        <div aria-hidden="true" className={gridClass}>
          {Array.from({ length: 16 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
            <Skeleton key={i} className="h-11" />
          ))}
        </div>
      ) : tags.length === 0 ? (
        <EmptyState title="No tags yet." />
      ) : (
        <ul className={gridClass}>
          {tags.map((tag) => (
            <li key={tag.id}>
              <Link to="/tags/$tagId" params={{ tagId: tag.id }} className={cardClass}>
                <span className="truncate font-medium">{tag.label}</span>
                <span className="shrink-0 text-neutral-600 tabular-nums dark:text-neutral-400">
                  {formatCount(tag.activeEventCount)}
                  <span className="sr-only"> active events</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
