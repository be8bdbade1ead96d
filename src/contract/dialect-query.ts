import { z } from 'zod';
import { ORDER_FIELDS } from './catalog';
import {
  boolean,
  dateTime,
  decimalInteger,
  eventParameterShape,
  integerIn,
  listed,
  nonNegativeDecimal,
  once,
  offset,
  orderListOf,
  repeatable,
  strictQuery,
  text,
} from './catalog-query';
import { SEARCH_MAX_LENGTH, STATUSES, TAG_MATCHES } from './event-parameters';

/**
 * The query parameters of the reference clients' catalog dialect (docs/api.md §9): keyset pages of
 * events and markets, markets on their own, paged tags and series, and search. Every parameter the
 * reference SDK sends is here under its wire name. Filters this catalog can apply are applied; a
 * filter on something this catalog never has (sports games, featured or recurring events…) matches
 * nothing when it asks for it and everything when it asks for its absence; presentation flags are
 * accepted and change nothing. Anything else is still refused, naming the parameter.
 */

export const KEYSET_MAX_LIMIT = 500;
export const KEYSET_DEFAULT_LIMIT = 20;
export const CURSOR_MAX_LENGTH = 2000;

const decimal = () => decimalInteger(once('must be a decimal integer'));
const anyOf = <T extends z.ZodType<string, string>>(item: () => T, what: string) =>
  repeatable(item, what).optional();
const ids = (what: string) =>
  anyOf(decimal, 'a decimal integer').meta({ description: `${what}; may repeat: any of them matches.` });
const texts = (what: string) =>
  anyOf(() => text(500), 'non-empty text of at most 500 characters').meta({
    description: `${what}; may repeat.`,
  });

/** Accepted, changes nothing: how an answer is presented at the reference service. */
const presentation = {
  locale: text(50).optional().meta({ description: 'Accepted; answers are in English.' }),
  include_chat: boolean.optional(),
  include_template: boolean.optional(),
  include_best_lines: boolean.optional(),
  include_children: boolean.optional(),
  include_tag: boolean.optional(),
  featured_order: boolean.optional(),
  decimalized: boolean.optional(),
};

/** Filters on what this catalog never has: asking for it matches nothing, for its absence everything. */
const neverPresent = {
  cyom: boolean.optional(),
  featured: boolean.optional(),
  live: boolean.optional(),
  ended: boolean.optional(),
  rfq_enabled: boolean.optional(),
  is_carousel: boolean.optional(),
};
/** Filters naming things this catalog never has (games, parent events, partners…): match nothing. */
const neverMatching = {
  game_id: texts('Sports game id (this catalog has none)'),
  parent_event_id: ids('Parent event id (this catalog has none)'),
  partner_slug: text(500).optional(),
  recurrence: z
    .enum(['daily', 'weekly', 'monthly'], { error: 'must be daily, weekly or monthly' })
    .optional(),
  event_date: once('must be a date')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-01-31')
    .optional(),
  event_week: integerIn(0, 1000).optional(),
  start_time_min: dateTime.optional(),
  start_time_max: dateTime.optional(),
  position_ids: texts('Position id (this catalog has none)'),
  question_ids: texts('Question id (this catalog has none)'),
  sports_market_types: texts('Sports market type (this catalog has none)'),
  uma_resolution_status: text(100).optional(),
  rewards_min_size: nonNegativeDecimal.optional(),
};

const NEVER_PRESENT = Object.keys(neverPresent) as (keyof typeof neverPresent)[];
const NEVER_MATCHING = Object.keys(neverMatching) as (keyof typeof neverMatching)[];

/** True when the query asks for something this catalog never has. */
export function asksForAbsent(query: Record<string, unknown>): boolean {
  return (
    NEVER_PRESENT.some((key) => query[key] === true) || NEVER_MATCHING.some((key) => query[key] !== undefined)
  );
}

const dates = {
  end_date_min: dateTime.optional().meta({ description: 'endDate ≥ this instant, inclusive.' }),
  end_date_max: dateTime.optional().meta({ description: 'endDate ≤ this instant, inclusive.' }),
  start_date_min: dateTime.optional().meta({ description: 'startDate ≥ this instant, inclusive.' }),
  start_date_max: dateTime.optional().meta({ description: 'startDate ≤ this instant, inclusive.' }),
};

const tagMatch = z.enum(TAG_MATCHES, { error: `must be ${listed(TAG_MATCHES)}` });

/** The event filters (the vocabulary's table, event-parameters.ts), then the order and what is accepted. */
const eventFilters = {
  ...eventParameterShape('keyset'),
  order: orderListOf(ORDER_FIELDS).default(['id']),
  ascending: boolean.default(true).meta({ description: 'Applies to every order field.' }),
  ...neverPresent,
  ...neverMatching,
  ...presentation,
};

const keyset = {
  limit: integerIn(1, KEYSET_MAX_LIMIT).default(KEYSET_DEFAULT_LIMIT),
  after_cursor: text(CURSOR_MAX_LENGTH)
    .optional()
    .meta({ description: "The previous page's next_cursor; valid only with the same filters and order." }),
};

/** What a keyset list says to a parameter of the offset lists: how to page here instead. */
const keysetHints = (list: string) => {
  const hint = `a keyset list pages by after_cursor (the next_cursor of the page before); ${list} takes offset`;
  return { offset: hint, page: hint };
};

export const EventsKeysetQuery = strictQuery({ ...eventFilters, ...keyset }, keysetHints('/events'));
export type EventsKeysetQuery = z.output<typeof EventsKeysetQuery>;

/** Sort fields of markets on their own (`volumeNum` is `volume`, `liquidityNum` is `liquidity`). */
export const MARKET_ORDER_FIELDS = [
  'volume',
  'volumeNum',
  'liquidity',
  'liquidityNum',
  'startDate',
  'endDate',
  'id',
] as const;
export type MarketOrderField = (typeof MARKET_ORDER_FIELDS)[number];

const marketFilters = {
  id: texts('Market id'),
  slug: texts('Market slug'),
  clob_token_ids: texts('Outcome token id'),
  condition_ids: texts('Condition id'),
  market_maker_address: texts('Market maker address'),
  tag_id: ids('Tag id of the market’s event'),
  tag_match: tagMatch.optional(),
  related_tags: boolean.optional().meta({ description: 'Accepted; this catalog relates no tags.' }),
  active: boolean.optional(),
  closed: boolean.optional(),
  ...dates,
  volume_num_min: nonNegativeDecimal.optional(),
  volume_num_max: nonNegativeDecimal.optional(),
  liquidity_num_min: nonNegativeDecimal.optional(),
  liquidity_num_max: nonNegativeDecimal.optional(),
  order: orderListOf(MARKET_ORDER_FIELDS).default(['id']),
  ascending: boolean.default(true).meta({ description: 'Applies to every order field.' }),
  ...neverPresent,
  ...neverMatching,
  ...presentation,
};

export const MarketsQuery = strictQuery({
  ...marketFilters,
  limit: integerIn(0, KEYSET_MAX_LIMIT).default(KEYSET_DEFAULT_LIMIT),
  offset: offset.default(0),
});
export type MarketsQuery = z.output<typeof MarketsQuery>;

export const MarketsKeysetQuery = strictQuery({ ...marketFilters, ...keyset }, keysetHints('/markets'));
export type MarketsKeysetQuery = z.output<typeof MarketsKeysetQuery>;

/** `/tags` and `/series`: everything by default (docs/api.md §6), pages when `limit` is given. */
const listPage = {
  limit: integerIn(0, 1000).optional(),
  offset: offset.default(0),
  ascending: boolean.default(true),
};
export const TAG_ORDER_FIELDS = ['id', 'label', 'slug'] as const;
export const SERIES_ORDER_FIELDS = ['id', 'slug', 'title'] as const;

export const TagsQuery = strictQuery({
  ...listPage,
  order: orderListOf(TAG_ORDER_FIELDS).default(['id']),
  is_carousel: neverPresent.is_carousel,
  locale: presentation.locale,
  include_template: presentation.include_template,
});
export type TagsQuery = z.output<typeof TagsQuery>;

export const SeriesQuery = strictQuery({
  ...listPage,
  order: orderListOf(SERIES_ORDER_FIELDS).default(['id']),
  slug: texts('Series slug'),
  closed: boolean.optional().meta({ description: 'Series stay open: closed=true matches none.' }),
  recurrence: neverMatching.recurrence,
  exclude_events: boolean.optional(),
  locale: presentation.locale,
});
export type SeriesQuery = z.output<typeof SeriesQuery>;

export const SEARCH_SORT_FIELDS = [
  'volume',
  'volume_24hr',
  'liquidity',
  'competitive',
  'closed_time',
  'start_date',
  'end_date',
] as const;

export const PublicSearchQuery = strictQuery({
  q: text(SEARCH_MAX_LENGTH).meta({
    description: 'Case-insensitive substring of event titles and tag labels.',
  }),
  limit_per_type: integerIn(1, 100).default(10),
  page: integerIn(1, 100_000).default(1),
  events_status: z.enum(STATUSES, { error: `must be ${listed(STATUSES)}` }).optional(),
  events_tag: texts('Tag slug the events must carry'),
  exclude_tag_id: ids('Tag id the events must not carry'),
  sort: z.enum(SEARCH_SORT_FIELDS, { error: `must be one of ${SEARCH_SORT_FIELDS.join(', ')}` }).optional(),
  ascending: boolean.default(false),
  search_tags: boolean.default(true),
  search_profiles: boolean.optional().meta({ description: 'Accepted; this service has no profiles.' }),
  keep_closed_markets: integerIn(0, 1).optional(),
  recurrence: neverMatching.recurrence,
  presets: texts('Accepted; changes nothing'),
  optimized: boolean.optional(),
  cache: boolean.optional(),
});
export type PublicSearchQuery = z.output<typeof PublicSearchQuery>;
