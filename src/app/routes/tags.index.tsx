import { createFileRoute } from '@tanstack/react-router';
import { PAGES } from '../../contract/pages';
import { TagIndex } from '../features/catalog/components/tag-index';
import { loadStaticPage, pageHead } from './-page-loaders';

export const Route = createFileRoute('/tags/')({
  loader: ({ context: { queryClient } }) => loadStaticPage(queryClient, PAGES.tags),
  head: () => pageHead(PAGES.tags),
  component: TagIndex,
});
