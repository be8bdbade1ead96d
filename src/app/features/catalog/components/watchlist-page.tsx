import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Event } from '../../../../contract/catalog';
import { copyText, useBrief } from '../../../components/copy-button';
import { LiveButton } from '../../../components/live-button';
import { announce } from '../../../components/live-region';
import { EmptyState, ErrorState } from '../../../components/status-states';
import { useHydrated } from '../../../lib/use-hydrated';
import { fetchEvents } from '../api/events';
import { EventList, EventListSkeleton } from './event-list';
import { addWatched, cleanSlugs, useWatchlist, WATCHLIST_MAX } from '../../../lib/watchlist';

const actionClass =
  'inline-flex h-9 items-center rounded-md border border-neutral-300 px-3 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800';

/** A list of slugs as a link's `add` parameter (`/watchlist?add=a,b`), and back. */
export function watchlistLink(slugs: readonly string[], origin = window.location.origin): string {
  return `${origin}/watchlist?add=${slugs.map(encodeURIComponent).join(',')}`;
}
export function sharedSlugs(add: string | undefined): string[] {
  return add ? cleanSlugs(add.split(',')) : [];
}

/** The events of these slugs, in the slugs' order (one catalog request; missing ones are left out). */
function useEventsBySlug(slugs: readonly string[]) {
  return useQuery({
    queryKey: ['catalog', 'events-by-slug', slugs],
    enabled: slugs.length > 0,
    queryFn: async ({ signal }) => {
      const { events } = await fetchEvents(
        { slug: [...slugs], order: 'volume', ascending: false, limit: WATCHLIST_MAX, offset: 0 },
        signal,
      );
      const bySlug = new Map(events.map((e) => [e.slug, e]));
      return slugs.map((s) => bySlug.get(s)).filter((e): e is Event => e !== undefined);
    },
  });
}

/**
 * `/watchlist`: the events starred in this browser, newest first; a link that shares them; and, opened
 * from such a link (`?add=`), the shared events with a button that adds them (nothing is added unasked).
 */
export function WatchlistPage({ add }: { add?: string }) {
  const hydrated = useHydrated();
  const watched = useWatchlist();
  const shared = sharedSlugs(add);
  const showing = shared.length > 0 ? shared : watched;
  const query = useEventsBySlug(showing);
  const navigate = useNavigate();

  // The button says what happened for a moment (the announcement alone reaches no one who sees it).
  const [copied, setCopied] = useBrief<boolean>(2500);
  async function share() {
    const ok = await copyText(watchlistLink(watched));
    setCopied(ok);
    announce(ok ? 'Link to your watchlist copied' : 'Could not copy the link.');
  }
  function addShared() {
    const added = addWatched(shared);
    announce(`${added} ${added === 1 ? 'event' : 'events'} added to your watchlist`);
    void navigate({ to: '/watchlist', search: {} });
  }

  return (
    <section aria-labelledby="list-heading" className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 id="list-heading" className="text-2xl font-semibold">
          {shared.length > 0 ? 'Shared watchlist' : 'Watchlist'}
        </h1>
        <p className="text-sm text-neutral-600 tabular-nums dark:text-neutral-400">
          {hydrated && `${showing.length} ${showing.length === 1 ? 'event' : 'events'}`}
        </p>
        <div className="ml-auto flex gap-2">
          {shared.length > 0 ? (
            <>
              <LiveButton onClick={addShared} className={actionClass}>
                Add all to my watchlist
              </LiveButton>
              <Link to="/watchlist" search={{}} className={actionClass}>
                Show mine
              </Link>
            </>
          ) : (
            watched.length > 0 && (
              <LiveButton onClick={() => void share()} className={actionClass}>
                {copied === null ? 'Copy link to this list' : copied ? 'Link copied' : 'Could not copy'}
              </LiveButton>
            )
          )}
        </div>
      </div>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {shared.length > 0
          ? 'Someone shared these events with you. Adding them keeps your own stars.'
          : `Kept in this browser only (up to ${WATCHLIST_MAX} events): no account or wallet needed.`}
      </p>
      {!hydrated ? (
        <EventListSkeleton rows={3} />
      ) : showing.length === 0 ? (
        <EmptyState title="Your watchlist is empty.">
          Star an event (☆) on any list or event page to follow it here.{' '}
          <Link
            to="/"
            className="font-medium text-accent-700 underline underline-offset-4 dark:text-accent-300"
          >
            Browse top markets
          </Link>
        </EmptyState>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <EventListSkeleton rows={Math.min(showing.length, 10)} />
      ) : (
        <>
          <EventList events={query.data} />
          {query.data.length < showing.length && (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {showing.length - query.data.length} of these events are no longer in the catalog.
            </p>
          )}
        </>
      )}
    </section>
  );
}
