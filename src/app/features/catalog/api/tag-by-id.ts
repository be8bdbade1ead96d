import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Tag } from '../../../../contract/catalog';
import { getJson } from '../../../lib/api-client';
import { catalogUrl } from './catalog-url';
import { decodeTag } from './decode';

export async function fetchTagById(id: string, signal?: AbortSignal): Promise<Tag> {
  const { data } = await getJson(catalogUrl({ kind: 'tag', id }), decodeTag, signal);
  return data;
}

export const tagByIdQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['catalog', 'tag', id],
    queryFn: ({ signal }) => fetchTagById(id, signal),
    staleTime: 5 * 60_000,
  });

export function useTagById(id: string) {
  return useSuspenseQuery(tagByIdQueryOptions(id)).data;
}
