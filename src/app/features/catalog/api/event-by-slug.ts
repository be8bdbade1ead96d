import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Event } from '../../../../contract/catalog';
import { getJson } from '../../../lib/api-client';
import { decodeEvent } from './decode';
import { config } from '../../../lib/config';

export async function fetchEventBySlug(slug: string, signal?: AbortSignal): Promise<Event> {
  const { data } = await getJson(
    `${config.gammaUrl}/events/slug/${encodeURIComponent(slug)}`,
    decodeEvent,
    signal,
  );
  return data;
}

export const eventBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['catalog', 'event', slug],
    queryFn: ({ signal }) => fetchEventBySlug(slug, signal),
  });

export function useEventBySlug(slug: string) {
  return useSuspenseQuery(eventBySlugQueryOptions(slug)).data;
}
