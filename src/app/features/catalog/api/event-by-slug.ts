import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Event } from '../../../../contract/catalog';
import { getJson } from '../../../lib/api-client';
import { catalogUrl } from './catalog-url';
import { decodeEvent } from './decode';

export async function fetchEventBySlug(slug: string, signal?: AbortSignal): Promise<Event> {
  const { data } = await getJson(catalogUrl({ kind: 'eventBySlug', slug }), decodeEvent, signal);
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
