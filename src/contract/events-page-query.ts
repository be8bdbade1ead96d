/**
 * The `/events` query of the dashboard's lists, as a URL: shared so that the server can name the
 * exact URL a page will fetch and preload it (src/server/web/plugin.ts).
 */

import type { OrderField } from './catalog';

/** The part of `GET /events` (docs/api.md §6) the dashboard's lists use. */
export interface EventsPageQuery {
  order: Exclude<OrderField, 'id' | 'title'>;
  ascending: boolean;
  active?: boolean;
  closed?: boolean;
  q?: string;
  limit: number;
  offset: number;
  tagId?: string;
  seriesId?: string;
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
