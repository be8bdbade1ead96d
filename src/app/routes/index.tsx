import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { eventsQueryOptions } from '../features/catalog/api/events';
import { tagsQueryOptions } from '../features/catalog/api/tags';
import { ListView } from '../features/catalog/components/list-view';
import { TagStrip } from '../features/catalog/components/tag-strip';
import {
  DEFAULT_LIST_SEARCH,
  type ListSearch,
  listSearchSchema,
  toEventsQuery,
} from '../../contract/list-search';

export const Route = createFileRoute('/')({
  validateSearch: listSearchSchema,
  // Defaults stay out of the URL: `/` is the top list, `/?sort=liquidity` says only what differs.
  search: { middlewares: [stripSearchParams(DEFAULT_LIST_SEARCH)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page (heading, toolbar) shows at once and the list fills in; on intent this warms the cache.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(eventsQueryOptions(toEventsQuery(deps)));
    void queryClient.prefetchQuery(tagsQueryOptions());
  },
  head: () => ({ meta: [{ title: 'Top markets · Marketdesk' }] }),
  component: TopList,
});

function TopList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ListView
      heading={search.q ? 'Search results' : 'Top markets'}
      above={<TagStrip />}
      search={search}
      onSearchChange={(patch: Partial<ListSearch>) =>
        void navigate({ search: (prev) => ({ ...prev, ...patch }) })
      }
    />
  );
}
