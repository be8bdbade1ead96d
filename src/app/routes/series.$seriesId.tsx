import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { eventsQueryOptions } from '../features/catalog/api/events';
import { seriesByIdQueryOptions, useSeriesById } from '../features/catalog/api/series-by-id';
import { ListView } from '../features/catalog/components/list-view';
import { ListViewSkeleton } from '../features/catalog/components/list-view-skeleton';
import {
  DEFAULT_LIST_SEARCH,
  type ListSearch,
  listSearchSchema,
  toEventsQuery,
} from '../../contract/list-search';
import { catalogIdOrNotFound, orNotFound } from '../lib/route-helpers';

const MISSING = { routeId: '/series/$seriesId', what: 'series' } as const;

export const Route = createFileRoute('/series/$seriesId')({
  validateSearch: listSearchSchema,
  search: { middlewares: [stripSearchParams(DEFAULT_LIST_SEARCH)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params, deps }) => {
    catalogIdOrNotFound(params.seriesId, MISSING);
    void queryClient.prefetchQuery(eventsQueryOptions(toEventsQuery(deps, { seriesId: params.seriesId })));
    const series = await orNotFound(
      queryClient.ensureQueryData(seriesByIdQueryOptions(params.seriesId)),
      MISSING,
    );
    return { title: series.title };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.title ?? 'Series'} · Marketdesk` }] }),
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
