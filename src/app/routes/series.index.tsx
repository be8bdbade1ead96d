import { createFileRoute } from '@tanstack/react-router';
import { PAGES } from '../../contract/pages';
import { SeriesIndex } from '../features/catalog/components/series-index';
import { loadStaticPage, pageHead } from './-page-loaders';

export const Route = createFileRoute('/series/')({
  loader: ({ context: { queryClient } }) => loadStaticPage(queryClient, PAGES.series),
  head: () => pageHead(PAGES.series),
  component: SeriesIndex,
});
