import { createFileRoute } from '@tanstack/react-router';
import { PAGES } from '../../contract/pages';
import { WatchlistPage } from '../features/catalog/components/watchlist-page';
import { pageHead } from './-page-loaders';

export const Route = createFileRoute('/watchlist')({
  // `?add=a,b`: a shared list to add (the router reads `?add=2026` as a number: still a slug).
  validateSearch: (search: Record<string, unknown>): { add?: string } =>
    (typeof search.add === 'string' && search.add !== '') || typeof search.add === 'number'
      ? { add: String(search.add) }
      : {},
  head: () => pageHead(PAGES.watchlist),
  component: Watchlist,
});

function Watchlist() {
  const { add } = Route.useSearch();
  return <WatchlistPage add={add} />;
}
