import { Link } from '@tanstack/react-router';
import { marketInSearch } from '../../../../contract/event-search';
import type { MarketRef } from '../api/account';
import { muted } from './styles';

export type Links = ReadonlyMap<string, MarketRef>;

/**
 * A market's question linking to its event, opened on this market's book (an event of several would
 * otherwise open on its first), with the event's title where the question alone may not say which
 * ("Spread: Dolphins (-2.5)" is asked of every Dolphins game); the start of its condition id while unknown.
 */
export function MarketLink({ links, market }: { links: Links; market: string }) {
  const found = links.get(market);
  if (!found) return <span>{market.slice(0, 10)}</span>;
  return (
    <Link
      to="/e/$slug"
      params={{ slug: found.slug }}
      search={{ market: marketInSearch(found.id) }}
      className="text-accent-700 underline decoration-1 underline-offset-2 hover:decoration-2 dark:text-accent-300"
    >
      {found.question}
      {/* A space for the link's name ("question title"); the block puts the title on a line of its own. */}
      {found.title.trim() !== found.question.trim() && (
        <>
          {' '}
          <span className={`block text-xs no-underline ${muted}`}>{found.title}</span>
        </>
      )}
    </Link>
  );
}
