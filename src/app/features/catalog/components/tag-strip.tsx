import { Link } from '@tanstack/react-router';
import { Skeleton } from '../../../components/skeleton';
import { InlineError } from '../../../components/status-states';
import { formatCount } from '../../../lib/format';
import { useTags } from '../api/tags';

const STRIP_SIZE = 12;

/** The most active tags as one-click scopes; fixed height whether loading, loaded or failed (no jump). */
export function TagStrip() {
  const { data, isError, refetch, isFetching } = useTags();
  // Counted as the tag's page lists first: its active events.
  const tags = data
    ? [...data].sort((a, b) => b.activeEventCount - a.activeEventCount).slice(0, STRIP_SIZE)
    : null;
  if (!tags && isError)
    return (
      <InlineError
        message="Popular tags could not load."
        onRetry={() => void refetch()}
        retrying={isFetching}
        className="h-9"
      />
    );
  // `relative`: the chips' sr-only text is absolutely positioned; anchored outside this scrolling strip it
  // escaped the strip's clipping and widened the whole page on phones.
  return (
    <nav aria-label="Popular tags" className="relative -mx-1 h-9 overflow-x-auto px-1 [scrollbar-width:none]">
      <ul className="flex h-9 items-center gap-1.5 whitespace-nowrap">
        {tags
          ? tags.map((tag) => (
              <li key={tag.id}>
                <Link
                  to="/tags/$tagId"
                  params={{ tagId: tag.id }}
                  className="inline-flex h-7 items-center gap-1.5 rounded-full border border-neutral-300 px-3 text-xs font-medium hover:border-accent-500 hover:text-accent-700 dark:border-neutral-700 dark:hover:text-accent-300"
                >
                  {/* The spaces (not drawn between flex items) keep label and count apart when read out. */}
                  {tag.label}{' '}
                  <span className="text-neutral-600 tabular-nums dark:text-neutral-400">
                    {formatCount(tag.activeEventCount)}
                  </span>{' '}
                  <span className="sr-only">
                    {tag.activeEventCount === 1 ? 'active event' : 'active events'}
                  </span>
                </Link>
              </li>
            ))
          : Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
              <li key={i} aria-hidden="true">
                <Skeleton className="h-7 w-20 rounded-full" />
              </li>
            ))}
      </ul>
    </nav>
  );
}
