import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Series } from '../../../../contract/catalog';
import { getJson } from '../../../lib/api-client';
import { catalogUrl } from './catalog-url';
import { decodeListOf, decodeSeries } from './decode';

export async function fetchSeries(signal?: AbortSignal): Promise<Series[]> {
  const { data } = await getJson(catalogUrl({ kind: 'series' }), decodeListOf(decodeSeries), signal);
  return data;
}

export const seriesQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'series'],
    queryFn: ({ signal }) => fetchSeries(signal),
    staleTime: 5 * 60_000,
  });

export function useSeriesList() {
  return useQuery(seriesQueryOptions());
}
