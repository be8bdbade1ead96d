import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagWithCount } from '../../../../contract/catalog';
import { getJson } from '../../../lib/api-client';
import { catalogUrl } from './catalog-url';
import { decodeListOf, decodeTagWithCount } from './decode';

export async function fetchTags(signal?: AbortSignal): Promise<TagWithCount[]> {
  const { data } = await getJson(catalogUrl({ kind: 'tags' }), decodeListOf(decodeTagWithCount), signal);
  return data;
}

export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'tags'],
    queryFn: ({ signal }) => fetchTags(signal),
    // Tag counts move slowly; one fetch serves the strip, the tag index and every page for a while.
    staleTime: 5 * 60_000,
  });

export function useTags() {
  return useQuery(tagsQueryOptions());
}
