import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { ListSearch } from '../../contract/list-search';
import {
  type CatalogRequest,
  type PageRecords,
  type RecordKind,
  type RecordPage,
  type StaticPage,
  titleOf,
} from '../../contract/pages';
import { eventBySlugQueryOptions } from '../features/catalog/api/event-by-slug';
import { eventsQueryOptions } from '../features/catalog/api/events';
import { seriesQueryOptions } from '../features/catalog/api/series';
import { seriesByIdQueryOptions } from '../features/catalog/api/series-by-id';
import { tagByIdQueryOptions } from '../features/catalog/api/tag-by-id';
import { tagsQueryOptions } from '../features/catalog/api/tags';
import { ApiResponseError } from './api-client';

/**
 * Routes take their data, titles and not-found handling from the page table (src/contract/pages.ts),
 * which the server reads too: what a page preloads with its HTML is what its loader asks for.
 */

/** What the not-found page names ("This event does not exist"). */
export interface NotFoundData {
  what?: string;
}

/** Starts a catalog request with the feature's own query, so pages and components share the cache. */
function prefetch(queryClient: QueryClient, request: CatalogRequest): void {
  // Not awaited: the page (heading, toolbar) shows at once and its lists fill in.
  switch (request.kind) {
    case 'events':
      return void queryClient.prefetchQuery(eventsQueryOptions(request.query));
    case 'tags':
      return void queryClient.prefetchQuery(tagsQueryOptions());
    case 'series':
      return void queryClient.prefetchQuery(seriesQueryOptions());
    case 'tag':
      return void queryClient.prefetchQuery(tagByIdQueryOptions(request.id));
    case 'seriesById':
      return void queryClient.prefetchQuery(seriesByIdQueryOptions(request.id));
    case 'eventBySlug':
      return void queryClient.prefetchQuery(eventBySlugQueryOptions(request.slug));
  }
}

/** A record page's record, through the same queries its components read. */
const ensureRecord: {
  [K in RecordKind]: (queryClient: QueryClient, param: string) => Promise<PageRecords[K]>;
} = {
  event: (queryClient, slug) => queryClient.ensureQueryData(eventBySlugQueryOptions(slug)),
  tag: (queryClient, id) => queryClient.ensureQueryData(tagByIdQueryOptions(id)),
  series: (queryClient, id) => queryClient.ensureQueryData(seriesByIdQueryOptions(id)),
};

/** A fixed page's loader: starts its data. */
export function loadStaticPage(queryClient: QueryClient, page: StaticPage, search?: ListSearch): void {
  for (const request of page.data(undefined, search)) prefetch(queryClient, request);
}

/**
 * A record page's loader: starts its data, waits for the record and returns its title. A parameter
 * the catalog would refuse, and the catalog's 404, are the not-found page (thrown on the route, which
 * draws it in its place); any other error stays an error.
 */
export async function loadRecordPage<K extends RecordKind>(
  queryClient: QueryClient,
  page: RecordPage<K>,
  param: string,
  search?: ListSearch,
): Promise<{ title: string }> {
  // Thrown from the route's loader, it draws the not-found page in the route's place.
  const missing = () => notFound({ data: { what: page.what } satisfies NotFoundData });
  if (!page.validParam(param)) throw missing();
  for (const request of page.data(param, search)) prefetch(queryClient, request);
  try {
    const record = await ensureRecord[page.record](queryClient, param);
    return { title: page.name(record) };
  } catch (error) {
    if (error instanceof ApiResponseError && error.isNotFound) throw missing();
    throw error;
  }
}

/** The route's `head`: the page's title (a record page's once its loader has it). */
export function pageHead(page: StaticPage | RecordPage, loaderData?: { title: string }) {
  const name = 'name' in page && typeof page.name === 'string' ? page.name : loaderData?.title;
  return { meta: [{ title: titleOf(name ?? '') }] };
}
