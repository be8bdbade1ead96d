/**
 * The query string of `GET /events` (docs/api.md §6), written once for both sides: the dashboard's
 * data URLs, the server's names for the data a page preloads, and the server's cache keys. Zod-free
 * (the catalog pages' bundle carries no schema library; src/architecture.test.ts keeps it so).
 */

import type { OrderField } from './catalog';
import { type EventQueryValues, parametersOf } from './event-parameters';

/** The values of `/events`' parameters, as parsed (the zod schema in catalog-query.ts produces them). */
export type EventsQueryValues = EventQueryValues<'events'> & {
  /** One field, or several sorted by in turn. */
  order: OrderField | readonly OrderField[];
  ascending: boolean;
  limit: number;
  offset: number;
};

/** The part of `/events` the dashboard's lists use. */
export type EventsPageQuery = Pick<
  EventsQueryValues,
  | 'slug'
  | 'tag_id'
  | 'series_id'
  | 'active'
  | 'closed'
  | 'q'
  | 'start_date_max'
  | 'end_date_min'
  | 'end_date_max'
  | 'ascending'
  | 'limit'
  | 'offset'
> & { order: Exclude<OrderField, 'id' | 'title'> };

/** `/events`' filters, in the vocabulary's order: equal queries are equal strings (and cache hits). */
const FILTERS = parametersOf('events');

/**
 * The query string of a query: its filters when given (a repeated one once per value: `id=1&id=2`),
 * then always the order, direction and page.
 */
export function eventsSearchParams(query: EventsQueryValues): URLSearchParams {
  const params = new URLSearchParams();
  const values: Partial<Record<string, unknown>> = query;
  for (const { name } of FILTERS) {
    const value = values[name];
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else if (value !== undefined) params.set(name, String(value));
  }
  params.set('order', typeof query.order === 'string' ? query.order : query.order.join(','));
  params.set('ascending', String(query.ascending));
  params.set('limit', String(query.limit));
  params.set('offset', String(query.offset));
  return params;
}
