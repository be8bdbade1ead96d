import { Link } from '@tanstack/react-router';

export type Links = ReadonlyMap<string, { slug: string; question: string }>;

/** A market's question linking to its event, or the start of its condition id while unknown. */
export function MarketLink({ links, market }: { links: Links; market: string }) {
  const found = links.get(market);
  if (!found) return <span>{market.slice(0, 10)}</span>;
  return (
    <Link
      to="/e/$slug"
      params={{ slug: found.slug }}
      className="text-accent-700 underline decoration-1 underline-offset-2 hover:decoration-2 dark:text-accent-300"
    >
      {found.question}
    </Link>
  );
}
