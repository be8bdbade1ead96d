import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Series } from '../../../../contract/catalog';
import { getJson } from '../../../lib/api-client';
import { decodeListOf, decodeSeries } from './decode';
import { config } from '../../../lib/config';

export async function fetchSeries(signal?: AbortSignal): Promise<Series[]> {
  const { data } = await getJson(`${config.gammaUrl}/series`, decodeListOf(decodeSeries), signal);
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
