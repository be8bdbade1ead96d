import { createFileRoute } from '@tanstack/react-router';
import { seriesQueryOptions } from '../features/catalog/api/series';
import { SeriesIndex } from '../features/catalog/components/series-index';

export const Route = createFileRoute('/series/')({
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(seriesQueryOptions()),
  head: () => ({ meta: [{ title: 'Series · Marketdesk' }] }),
  component: SeriesIndex,
});
