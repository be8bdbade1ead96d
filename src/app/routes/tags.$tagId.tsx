import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { eventsQueryOptions } from '../features/catalog/api/events';
import { tagByIdQueryOptions, useTagById } from '../features/catalog/api/tag-by-id';
import { ListView } from '../features/catalog/components/list-view';
import { ListViewSkeleton } from '../features/catalog/components/list-view-skeleton';
import {
  DEFAULT_LIST_SEARCH,
  type ListSearch,
  listSearchSchema,
  toEventsQuery,
} from '../../contract/list-search';
import { catalogIdOrNotFound, orNotFound } from '../lib/route-helpers';

const MISSING = { routeId: '/tags/$tagId', what: 'tag' } as const;

export const Route = createFileRoute('/tags/$tagId')({
  validateSearch: listSearchSchema,
  search: { middlewares: [stripSearchParams(DEFAULT_LIST_SEARCH)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params, deps }) => {
    catalogIdOrNotFound(params.tagId, MISSING);
    void queryClient.prefetchQuery(eventsQueryOptions(toEventsQuery(deps, { tagId: params.tagId })));
    const tag = await orNotFound(queryClient.ensureQueryData(tagByIdQueryOptions(params.tagId)), MISSING);
    return { title: tag.label };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.title ?? 'Tag'} · Marketdesk` }] }),
  pendingComponent: ListViewSkeleton,
  component: TagList,
});

function TagList() {
  const { tagId } = Route.useParams();
  const tag = useTagById(tagId);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ListView
      heading={tag.label}
      scope={{ tagId }}
      search={search}
      onSearchChange={(patch: Partial<ListSearch>) =>
        void navigate({ search: (prev) => ({ ...prev, ...patch }) })
      }
    />
  );
}
