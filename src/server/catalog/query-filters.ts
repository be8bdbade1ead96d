import type { OrderField } from '../../contract/catalog';
import {
  asksForAbsent,
  type EventsKeysetQuery,
  type MarketsKeysetQuery,
  type MarketsQuery,
  type PublicSearchQuery,
} from '../../contract/dialect-query';
import type { EventFilters, MarketFilters } from './repository';

/** The filters of an `/events/keyset` query. */
export function keysetFilters(query: EventsKeysetQuery): EventFilters {
  return {
    ...query,
    tag_slug: query.tag_slug === undefined ? undefined : [query.tag_slug],
    title: [query.q, query.title_search].filter((t): t is string => t !== undefined),
    absent: asksForAbsent(query),
  };
}

export function marketFilters(query: MarketsQuery | MarketsKeysetQuery): MarketFilters {
  return { ...query, absent: asksForAbsent(query) };
}

/** The reference's search sort names, as this catalog's order fields. */
export const SEARCH_ORDER: Record<NonNullable<PublicSearchQuery['sort']>, OrderField> = {
  volume: 'volume',
  volume_24hr: 'volume24hr',
  liquidity: 'liquidity',
  competitive: 'volume24hr',
  closed_time: 'endDate',
  start_date: 'startDate',
  end_date: 'endDate',
};

export function searchFilters(query: PublicSearchQuery): EventFilters {
  const status = query.events_status;
  return {
    title: [query.q],
    ...(query.events_tag ? { tag_slug: query.events_tag } : {}),
    ...(query.exclude_tag_id ? { exclude_tag_id: query.exclude_tag_id } : {}),
    ...(status === 'active' ? { active: true, closed: false } : status === 'closed' ? { closed: true } : {}),
    absent: query.recurrence !== undefined,
  };
}
