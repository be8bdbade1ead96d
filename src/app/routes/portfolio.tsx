import { createFileRoute } from '@tanstack/react-router';
import { PAGES } from '../../contract/pages';
import { pageHead } from './-page-loaders';

// The Portfolio: its component (wallet code) is in portfolio.lazy.tsx, as the Keys page's.
export const Route = createFileRoute('/portfolio')({
  head: () => pageHead(PAGES.portfolio),
});
