import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Series } from '../../../../contract/catalog';
import { getJson } from '../../../lib/api-client';
import { catalogUrl } from './catalog-url';
import { decodeSeries } from './decode';

export async function fetchSeriesById(id: string, signal?: AbortSignal): Promise<Series> {
  const { data } = await getJson(catalogUrl({ kind: 'seriesById', id }), decodeSeries, signal);
  return data;
}

export const seriesByIdQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['catalog', 'series', id],
    queryFn: ({ signal }) => fetchSeriesById(id, signal),
    staleTime: 5 * 60_000,
  });

export function useSeriesById(id: string) {
  return useSuspenseQuery(seriesByIdQueryOptions(id)).data;
}
