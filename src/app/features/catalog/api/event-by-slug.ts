import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Event } from '../../../../contract/catalog';
import { getJson } from '../../../lib/api-client';
import { catalogUrl } from './catalog-url';
import { decodeEvent } from './decode';

export async function fetchEventBySlug(slug: string, signal?: AbortSignal): Promise<Event> {
  const { data } = await getJson(catalogUrl({ kind: 'eventBySlug', slug }), decodeEvent, signal);
  return data;
}

/**
 * An open event page reads its event again this often (while the tab is visible), so the market cards'
 * prices move with the book and chart rather than stay as they were when the page opened.
 */
export const EVENT_REFRESH_MS = 15_000;

export const eventBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['catalog', 'event', slug],
    queryFn: ({ signal }) => fetchEventBySlug(slug, signal),
    refetchInterval: EVENT_REFRESH_MS,
  });

export function useEventBySlug(slug: string) {
  return useSuspenseQuery(eventBySlugQueryOptions(slug)).data;
}
