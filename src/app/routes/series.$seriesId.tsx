import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useSeriesById } from '../features/catalog/api/series-by-id';
import { ListView } from '../features/catalog/components/list-view';
import { ListViewSkeleton } from '../features/catalog/components/list-view-skeleton';
import { DEFAULT_LIST_SEARCH, type ListSearch, listSearchSchema } from '../../contract/list-search';
import { PAGES } from '../../contract/pages';
import { loadRecordPage, pageHead } from './-page-loaders';

export const Route = createFileRoute('/series/$seriesId')({
  validateSearch: listSearchSchema,
  search: { middlewares: [stripSearchParams(DEFAULT_LIST_SEARCH)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) =>
    loadRecordPage(queryClient, PAGES.seriesOne, params.seriesId, deps),
  head: ({ loaderData }) => pageHead(PAGES.seriesOne, loaderData),
  pendingComponent: ListViewSkeleton,
  component: SeriesList,
});

function SeriesList() {
  const { seriesId } = Route.useParams();
  const series = useSeriesById(seriesId);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ListView
      heading={series.title}
      scope={{ seriesId }}
      search={search}
      onSearchChange={(patch: Partial<ListSearch>) =>
        void navigate({ search: (prev) => ({ ...prev, ...patch }) })
      }
    />
  );
}
