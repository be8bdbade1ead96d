import { createFileRoute } from '@tanstack/react-router';
import { PAGES } from '../../contract/pages';
import { pageHead } from './-page-loaders';

// The Keys page: its component (and with it wagmi and viem's wallet code) is in keys.lazy.tsx, so
// catalog pages never download it.
export const Route = createFileRoute('/keys')({
  head: () => pageHead(PAGES.keys),
});
