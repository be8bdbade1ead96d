import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { ListSearch } from '../../contract/list-search';
import { type RecordKind, type RecordPage, type StaticPage, titleOf } from '../../contract/pages';
import type { NotFoundData } from '../components/status-states';
import { ensureRecord, prefetchCatalog } from '../features/catalog/api/page-data';
import { ApiResponseError } from '../lib/api-client';

/**
 * The routes' loaders and titles, from the page table (src/contract/pages.ts), which the server reads
 * too: what a page preloads with its HTML is what its loader asks for. (The `-` prefix keeps this file
 * out of the route tree.)
 */

/** A fixed page's loader: starts its data. */
export function loadStaticPage(queryClient: QueryClient, page: StaticPage, search?: ListSearch): void {
  for (const request of page.data(undefined, search)) prefetchCatalog(queryClient, request);
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
  const missing = () => notFound({ data: { what: page.what } satisfies NotFoundData });
  if (!page.validParam(param)) throw missing();
  for (const request of page.data(param, search)) prefetchCatalog(queryClient, request);
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
