import type { EventsQuery } from '../../contract/catalog-query';
import { eventsSearchParams } from '../../contract/events-page-query';

/**
 * The cache key of an /events query: its canonical query string (defaults dropped, fixed key order)
 * with the any-of lists sorted and deduplicated, so `id=2&id=1` and `id=1&id=2&limit=20` share one
 * entry while any difference in meaning gives a different key.
 */
export function eventsCacheKey(query: EventsQuery): string {
  const canonical: EventsQuery = { ...query };
  if (query.id) canonical.id = [...new Set(query.id)].sort();
  if (query.slug) canonical.slug = [...new Set(query.slug)].sort();
  return `events?${eventsSearchParams(canonical).toString()}`;
}

/**
 * A cache key (or a cursor's scope) for a parsed query: its parameters in a fixed order, any-of lists
 * sorted and deduplicated (`order` is a sequence and stays as given), `omit` left out.
 */
export function canonicalKey(prefix: string, query: object, omit: readonly string[] = []): string {
  const entries = Object.entries(query)
    .filter(([key, value]) => value !== undefined && !omit.includes(key))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value]) => [
      key,
      Array.isArray(value) && key !== 'order' ? [...new Set(value)].sort() : value,
    ]);
  return `${prefix}?${JSON.stringify(entries)}`;
}
