import { Link } from '@tanstack/react-router';
import { marketInSearch } from '../../../../contract/event-search';

export type Links = ReadonlyMap<string, { slug: string; id: string; question: string }>;

/**
 * A market's question linking to its event, opened on this market's book (an event of several would
 * otherwise open on its first), or the start of its condition id while unknown.
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
    </Link>
  );
}
