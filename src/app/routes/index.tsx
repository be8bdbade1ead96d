import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { DEFAULT_LIST_SEARCH, type ListSearch, listSearchSchema } from '../../contract/list-search';
import { PRESET_LABELS } from '../../contract/list-preset-labels';
import type { Status } from '../../contract/event-parameters';
import { PAGES, titleOf } from '../../contract/pages';
import { ListView } from '../features/catalog/components/list-view';
import { TagStrip } from '../features/catalog/components/tag-strip';
import { loadStaticPage } from './-page-loaders';

export const Route = createFileRoute('/')({
  validateSearch: listSearchSchema,
  // Defaults stay out of the URL: `/` is the top list, `/?sort=liquidity` says only what differs.
  search: { middlewares: [stripSearchParams(DEFAULT_LIST_SEARCH)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => loadStaticPage(queryClient, PAGES.top, deps),
  // The tab says what the page lists, as its heading does.
  head: ({ match }) => ({ meta: [{ title: titleOf(headingOf(match.search)) }] }),
  component: TopList,
});

/** The hand-made list's heading by its status: "Top markets" would call ended events top ones. */
const TOP_HEADINGS: Record<Status, string> = {
  active: PAGES.top.name,
  closed: 'Closed markets',
  all: 'All markets',
};

/** What the list shows: search results, the top list, or one of the presets. */
function headingOf(search: ListSearch): string {
  if (search.q) return 'Search results';
  return search.list === 'top' ? TOP_HEADINGS[search.status] : PRESET_LABELS[search.list];
}

function TopList() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ListView
      heading={headingOf(search)}
      above={<TagStrip />}
      search={search}
      onSearchChange={(patch: Partial<ListSearch>) =>
        void navigate({ search: (prev) => ({ ...prev, ...patch }) })
      }
    />
  );
}
