import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Event } from '../../../../contract/catalog';
import { getJson } from '../../../lib/api-client';
import { config } from '../../../lib/config';

/** The part of `GET /events` (CONTRACT B6) the dashboard's lists use. */
export interface EventsPageQuery {
  order: 'volume' | 'volume24hr' | 'liquidity' | 'endDate' | 'startDate';
  ascending: boolean;
  active?: boolean;
  closed?: boolean;
  q?: string;
  limit: number;
  offset: number;
  tagId?: string;
  seriesId?: string;
}

export interface EventsPage {
  events: Event[];
  /** X-Total-Count: events matching the filters, all pages together. */
  total: number;
}

/**
 * Query string in a fixed key order, so equal queries are equal URLs (and cache hits).
 * Written here rather than importing the contract's `toSearchParams`: that module builds zod schemas
 * at load time, which would add the whole zod library to every catalog page.
 */
export function eventsSearchParams(query: EventsPageQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.tagId) params.set('tag_id', query.tagId);
  if (query.seriesId) params.set('series_id', query.seriesId);
  if (query.active !== undefined) params.set('active', String(query.active));
  if (query.closed !== undefined) params.set('closed', String(query.closed));
  if (query.q) params.set('q', query.q);
  params.set('order', query.order);
  params.set('ascending', String(query.ascending));
  params.set('limit', String(query.limit));
  params.set('offset', String(query.offset));
  return params;
}

export async function fetchEvents(query: EventsPageQuery, signal?: AbortSignal): Promise<EventsPage> {
  const { data, headers } = await getJson<Event[]>(
    `${config.gammaUrl}/events?${eventsSearchParams(query)}`,
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
