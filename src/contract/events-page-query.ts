/**
 * The query string of `GET /events` (docs/api.md §6), written once for both sides: the dashboard's
 * data URLs, the server's names for the data a page preloads, and the server's cache keys. Zod-free
 * (the catalog pages' bundle carries no schema library; src/architecture.test.ts keeps it so).
 */

import type { OrderField } from './catalog';

/** The values of `/events`' parameters, as parsed (the zod schema in catalog-query.ts produces them). */
export interface EventsQueryValues {
  id?: readonly string[];
  slug?: readonly string[];
  tag_id?: string;
  tag_slug?: string;
  series_id?: string;
  active?: boolean;
  closed?: boolean;
  q?: string;
  end_date_min?: string;
  end_date_max?: string;
  volume_min?: number;
  liquidity_min?: number;
  /** One field, or several sorted by in turn. */
  order: OrderField | readonly OrderField[];
  ascending: boolean;
  limit: number;
  offset: number;
}

/** The part of `/events` the dashboard's lists use. */
export type EventsPageQuery = Pick<
  EventsQueryValues,
  'tag_id' | 'series_id' | 'active' | 'closed' | 'q' | 'ascending' | 'limit' | 'offset'
> & { order: Exclude<OrderField, 'id' | 'title'> };

/** Parameters in the order they are written: equal queries are equal strings (and cache hits). */
const LISTS = ['id', 'slug'] as const;
const SINGLE = [
  'tag_id',
  'tag_slug',
  'series_id',
  'active',
  'closed',
  'q',
  'end_date_min',
  'end_date_max',
  'volume_min',
  'liquidity_min',
] as const;

/**
 * The query string of a query: lists repeated (`id=1&id=2`), other parameters when given, then always
 * the order, direction and page.
 */
export function eventsSearchParams(query: EventsQueryValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of LISTS) for (const value of query[key] ?? []) params.append(key, value);
  for (const key of SINGLE) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  params.set('order', typeof query.order === 'string' ? query.order : query.order.join(','));
  params.set('ascending', String(query.ascending));
  params.set('limit', String(query.limit));
  params.set('offset', String(query.offset));
  return params;
}
