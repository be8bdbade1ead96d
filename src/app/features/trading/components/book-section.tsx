import { lazy, Suspense } from 'react';
import type { Event } from '../../../../contract/catalog';
import { useHydrated } from '../../../lib/use-hydrated';
import { BookSkeleton } from './book-skeleton';

// The book, its tape and the live connection load after hydration, never with a page's first load.
const BookPanel = lazy(() => import('./book-panel'));

export interface BookChoice {
  /** The market whose book is shown (an id; absent or unknown: the first tradable one). */
  market?: string;
  /** A market chosen: its id, or undefined for the first one (the default). */
  onMarket: (id: string | undefined) => void;
}

/** The event page's order book section (nothing for an event with no tradable market). */
export function BookSection({ event, market, onMarket }: { event: Event } & BookChoice) {
  const hydrated = useHydrated();
  // A first look, without decoding outcomes (that is the panel's, in its chunk): any open market of two tokens.
  if (!event.markets.some((m) => m.active && !m.closed && m.clobTokenIds.length === 2)) return null;
  return (
    <section
      aria-labelledby="book-heading"
      className="space-y-3 rounded-lg border border-neutral-200 p-3 sm:p-4 dark:border-neutral-800"
    >
      <h2 id="book-heading" className="text-lg font-semibold">
        Order book
      </h2>
      {hydrated ? (
        <Suspense fallback={<BookSkeleton />}>
          <BookPanel event={event} market={market} onMarket={onMarket} />
        </Suspense>
      ) : (
        <BookSkeleton />
      )}
    </section>
  );
}
