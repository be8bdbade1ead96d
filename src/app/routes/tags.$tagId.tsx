import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useTagById } from '../features/catalog/api/tag-by-id';
import { ListView } from '../features/catalog/components/list-view';
import { ListViewSkeleton } from '../features/catalog/components/list-view-skeleton';
import { DEFAULT_LIST_SEARCH, type ListSearch, listSearchSchema } from '../../contract/list-search';
import { PAGES } from '../../contract/pages';
import { loadRecordPage, pageHead } from './-page-loaders';

export const Route = createFileRoute('/tags/$tagId')({
  validateSearch: listSearchSchema,
  search: { middlewares: [stripSearchParams(DEFAULT_LIST_SEARCH)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) =>
    loadRecordPage(queryClient, PAGES.tag, params.tagId, deps),
  head: ({ loaderData }) => pageHead(PAGES.tag, loaderData),
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
