import { type EventParameterName, SEARCH_MAX_LENGTH } from './event-parameters';

/**
 * What each event parameter means, for the OpenAPI documents (catalog-query.ts): beside the table, by
 * name, and out of the dashboard's bundle, which never shows it.
 */
export const EVENT_PARAMETER_ABOUT: Partial<Record<EventParameterName, string>> = {
  id: 'Event id',
  slug: 'Event slug',
  tag_id: 'Tag id',
  tag_match: 'With several tag_id: any (default) or all of them',
  tag_slug: 'Tag slug',
  exclude_tag_id: 'Tag id the events must not carry',
  related_tags: 'Accepted; this catalog relates no tags',
  series_id: 'Series id',
  q: `Case-insensitive substring of the title, 1–${SEARCH_MAX_LENGTH} characters`,
  title_search: `Case-insensitive substring of the title, 1–${SEARCH_MAX_LENGTH} characters`,
  end_date_min: 'endDate ≥ this instant, inclusive',
  end_date_max: 'endDate ≤ this instant, inclusive',
  start_date_min: 'startDate ≥ this instant, inclusive',
  start_date_max: 'startDate ≤ this instant, inclusive',
  volume_min: 'volume ≥ this',
  volume_max: 'volume ≤ this',
  liquidity_min: 'liquidity ≥ this',
  liquidity_max: 'liquidity ≤ this',
};
