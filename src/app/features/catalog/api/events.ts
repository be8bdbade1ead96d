import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Event } from '../../../../contract/catalog';
import { getJson } from '../../../lib/api-client';
import type { EventsPageQuery } from '../../../../contract/events-page-query';
import { catalogUrl } from './catalog-url';
import { decodeEvent, decodeListOf } from './decode';

export interface EventsPage {
  events: Event[];
  /** X-Total-Count: events matching the filters, all pages together. */
  total: number;
}

export async function fetchEvents(query: EventsPageQuery, signal?: AbortSignal): Promise<EventsPage> {
  const { data, headers } = await getJson(
    catalogUrl({ kind: 'events', query }),
    decodeListOf(decodeEvent),
    signal,
  );
  const total = Number(headers.get('x-total-count'));
  return { events: data, total: Number.isFinite(total) ? total : data.length };
}

export const eventsQueryOptions = (query: EventsPageQuery) =>
  queryOptions({
    queryKey: ['catalog', 'events', query],
    queryFn: ({ signal }) => fetchEvents(query, signal),
  });

/** A list page's events; while a new page loads, the previous one stays on screen (no jump to a skeleton). */
export function useEvents(query: EventsPageQuery) {
  return useQuery({ ...eventsQueryOptions(query), placeholderData: keepPreviousData });
}
