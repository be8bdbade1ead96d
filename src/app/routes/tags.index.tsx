import { createFileRoute } from '@tanstack/react-router';
import { tagsQueryOptions } from '../features/catalog/api/tags';
import { TagIndex } from '../features/catalog/components/tag-index';

export const Route = createFileRoute('/tags/')({
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(tagsQueryOptions()),
  head: () => ({ meta: [{ title: 'Tags · Marketdesk' }] }),
  component: TagIndex,
});
