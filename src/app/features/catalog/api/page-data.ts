import type { QueryClient } from '@tanstack/react-query';
import type { CatalogRequest, PageRecords, RecordKind } from '../../../../contract/pages';
import { eventBySlugQueryOptions } from './event-by-slug';
import { eventsQueryOptions } from './events';
import { seriesQueryOptions } from './series';
import { seriesByIdQueryOptions } from './series-by-id';
import { tagByIdQueryOptions } from './tag-by-id';
import { tagsQueryOptions } from './tags';

/**
 * The page table's catalog requests (src/contract/pages.ts) answered by this feature's own queries, so
 * a page's loader and the components it shows share one cache entry per request.
 */

/** Starts a request without waiting: the page (heading, toolbar) shows at once and its lists fill in. */
export function prefetchCatalog(queryClient: QueryClient, request: CatalogRequest): void {
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

/** A record page's record (cached, or fetched and awaited). */
export const ensureRecord: {
  [K in RecordKind]: (queryClient: QueryClient, param: string) => Promise<PageRecords[K]>;
} = {
  event: (queryClient, slug) => queryClient.ensureQueryData(eventBySlugQueryOptions(slug)),
  tag: (queryClient, id) => queryClient.ensureQueryData(tagByIdQueryOptions(id)),
  series: (queryClient, id) => queryClient.ensureQueryData(seriesByIdQueryOptions(id)),
};
