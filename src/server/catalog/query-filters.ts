import type { OrderField } from '../../contract/catalog';
import type { EventsQuery } from '../../contract/catalog-query';
import {
  asksForAbsent,
  type EventsKeysetQuery,
  type MarketsKeysetQuery,
  type MarketsQuery,
  type PublicSearchQuery,
} from '../../contract/dialect-query';
import {
  EVENT_PARAMETERS,
  type EventFilters,
  filterOf,
  STATUS_FILTERS,
} from '../../contract/event-parameters';
import type { MarketFilters } from './repository';

/**
 * The one place queries become the repository's filters: ours and the reference dialect's, read
 * through the event vocabulary's table (src/contract/event-parameters.ts), so a parameter added
 * there reaches the SQL with no code here.
 */

/** The filters of an event list query, `/events` or `/events/keyset`: each parameter given feeds its filter. */
export function eventFilters(query: EventsQuery | EventsKeysetQuery): EventFilters {
  const values: Record<string, unknown> = query;
  const filters: Record<string, unknown> = {};
  for (const parameter of EVENT_PARAMETERS) {
    const value = values[parameter.name];
    const filter = filterOf(parameter);
    if (value === undefined || filter === null) continue;
    filters[filter.name] = filter.list
      ? [...((filters[filter.name] as unknown[]) ?? []), ...[value].flat()]
      : value;
  }
  return { ...filters, absent: asksForAbsent(values) };
}

/**
 * A search's words, each a case-insensitive part of the title, in any order: "dolphins titans" finds
 * "NFL: Dolphins vs. Titans". Punctuation at a word's ends is left out ("vs" finds "vs."); text with
 * no word at all is matched as it is.
 */
export function titleWords(q: string): string[] {
  const words = q
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
  return words.length > 0 ? [...new Set(words)] : [q];
}

/** The filters of a `/public-search` query: its title's words, tags and status. */
export function searchFilters(query: PublicSearchQuery): EventFilters {
  return {
    title: titleWords(query.q),
    ...(query.events_tag ? { tag_slug: query.events_tag } : {}),
    ...(query.exclude_tag_id ? { exclude_tag_id: query.exclude_tag_id } : {}),
    ...STATUS_FILTERS[query.events_status ?? 'all'],
    absent: asksForAbsent(query),
  };
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

/** The filters of a `/markets` or `/markets/keyset` query (markets have a vocabulary of their own, §9). */
export function marketFilters(query: MarketsQuery | MarketsKeysetQuery): MarketFilters {
  return { ...query, absent: asksForAbsent(query) };
}
