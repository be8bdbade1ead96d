/**
 * The query vocabulary of event lists, written once: every parameter that filters events, in our
 * `/events` (docs/api.md §6) and in the reference dialect's `/events/keyset` (§9), with the
 * repository filter it feeds. Everything else is built from this table: the zod schemas
 * (catalog-query.ts, dialect-query.ts), the zod-free URL builder (events-page-query.ts), the type of
 * the repository's filters and the server's adapter (src/server/catalog/query-filters.ts). Adding a
 * filter is an entry here plus its SQL condition in the repository (and what it means, for the OpenAPI
 * documents, in event-parameter-docs.ts).
 *
 * Zod-free: the dashboard's catalog pages import it (src/architecture.test.ts keeps it so).
 */

/** The longest title search: `q` and `title_search` here, the dialect's search, the list pages' box. */
export const SEARCH_MAX_LENGTH = 200;

/** An event's status as the list pages and the dialect's search (`events_status`) name it. */
export const STATUSES = ['active', 'closed', 'all'] as const;
export type Status = (typeof STATUSES)[number];

/** What each status asks of the `active` and `closed` filters. */
export const STATUS_FILTERS = {
  active: { active: true, closed: false },
  closed: { closed: true },
  all: {},
} as const satisfies Record<Status, { active?: boolean; closed?: boolean }>;

/** How several `tag_id` combine (the dialect's `tag_match`, of events and of markets). */
export const TAG_MATCHES = ['any', 'all'] as const;

/** The queries that take event filters: ours (`/events`) and the dialect's keyset pages (`/events/keyset`). */
export type EventQuery = 'events' | 'keyset';

/**
 * What a parameter's value is: a catalog id (decimal integer), text, `true`/`false`, an ISO 8601
 * date-time, a decimal number ≥ 0, or one of a few words.
 */
export type ParameterKind = 'id' | 'text' | 'boolean' | 'dateTime' | 'decimal' | 'choice';

export interface EventParameter {
  /** Its name in the query string. */
  readonly name: string;
  /**
   * The repository filter it feeds when that is not its own name (`q` and `title_search` both feed
   * `title`); null when the parameter is accepted and filters nothing.
   */
  readonly feeds?: string | null;
  readonly kind: ParameterKind;
  /** The longest text accepted (kind `text`). */
  readonly maxLength?: number;
  /** The words accepted (kind `choice`). */
  readonly choices?: readonly string[];
  /**
   * The queries that take it: once, or `repeat` (`id=1&id=2`: any of the values matches). An absent
   * parameter filters nothing: no filter has a default.
   */
  readonly in: { readonly [Q in EventQuery]?: 'once' | 'repeat' };
  /** Ours only: the reference service's `/events` does not have it (said so in `/events`' document). */
  readonly extension?: true;
}

const BOTH_ONCE = { events: 'once', keyset: 'once' } as const;

/** The table, in the order the parameters are documented and written into URLs. */
export const EVENT_PARAMETERS = [
  { name: 'id', kind: 'id', in: { events: 'repeat', keyset: 'repeat' } },
  {
    name: 'slug',
    kind: 'text',
    maxLength: 500,
    in: { events: 'repeat', keyset: 'repeat' },
  },
  { name: 'tag_id', kind: 'id', in: { events: 'once', keyset: 'repeat' } },
  {
    name: 'tag_match',
    kind: 'choice',
    choices: TAG_MATCHES,
    in: { keyset: 'once' },
  },
  { name: 'tag_slug', kind: 'text', maxLength: 500, in: BOTH_ONCE, extension: true },
  { name: 'exclude_tag_id', kind: 'id', in: { keyset: 'repeat' } },
  {
    name: 'related_tags',
    feeds: null,
    kind: 'boolean',
    in: { keyset: 'once' },
  },
  { name: 'series_id', kind: 'id', in: { events: 'once', keyset: 'repeat' } },
  { name: 'active', kind: 'boolean', in: BOTH_ONCE },
  { name: 'closed', kind: 'boolean', in: BOTH_ONCE },
  {
    name: 'q',
    feeds: 'title',
    kind: 'text',
    maxLength: SEARCH_MAX_LENGTH,
    in: BOTH_ONCE,
    extension: true,
  },
  {
    name: 'title_search',
    feeds: 'title',
    kind: 'text',
    maxLength: SEARCH_MAX_LENGTH,
    in: { keyset: 'once' },
  },
  {
    name: 'end_date_min',
    kind: 'dateTime',
    in: BOTH_ONCE,
    extension: true,
  },
  {
    name: 'end_date_max',
    kind: 'dateTime',
    in: BOTH_ONCE,
    extension: true,
  },
  {
    name: 'start_date_min',
    kind: 'dateTime',
    in: BOTH_ONCE,
    extension: true,
  },
  {
    name: 'start_date_max',
    kind: 'dateTime',
    in: BOTH_ONCE,
    extension: true,
  },
  { name: 'volume_min', kind: 'decimal', in: BOTH_ONCE, extension: true },
  { name: 'volume_max', kind: 'decimal', in: { keyset: 'once' } },
  { name: 'liquidity_min', kind: 'decimal', in: BOTH_ONCE, extension: true },
  { name: 'liquidity_max', kind: 'decimal', in: { keyset: 'once' } },
] as const satisfies readonly EventParameter[];

type Entry = (typeof EVENT_PARAMETERS)[number];

/** A parameter's name in the query string. */
export type EventParameterName = Entry['name'];

/** One value of a parameter, as parsed. */
type ValueOf<E extends EventParameter> = E extends { kind: 'boolean' }
  ? boolean
  : E extends { kind: 'decimal' }
    ? number
    : E extends { choices: readonly (infer C)[] }
      ? C
      : string;

/** The filter a parameter feeds: ids and texts are lists (any-of; for the title, all must match). */
type FilterValue<E extends EventParameter> = E extends { kind: 'id' | 'text' } ? string[] : ValueOf<E>;
type FilterName<E extends EventParameter> = E extends { feeds: infer F } ? F : E['name'];

/** What an event list may be filtered by: what the repository turns into SQL. */
export type EventFilters = {
  [E in Entry as FilterName<E> & string]?: FilterValue<E>;
} & {
  /** The query asks for something this catalog never has (a sports game, a featured event…). */
  absent?: boolean;
};

/** The parsed values of one query's event parameters: repeated ones as lists. */
export type EventQueryValues<Q extends EventQuery> = {
  [E in Entry as E['in'] extends { [K in Q]: string } ? E['name'] : never]?: E['in'] extends {
    [K in Q]: 'repeat';
  }
    ? readonly ValueOf<E>[]
    : ValueOf<E>;
};

/** The filter a parameter feeds, and whether it is a list; null when it filters nothing. */
export function filterOf(parameter: EventParameter): { name: string; list: boolean } | null {
  const name = parameter.feeds === undefined ? parameter.name : parameter.feeds;
  if (name === null) return null;
  return { name, list: parameter.kind === 'id' || parameter.kind === 'text' };
}

/** The parameters `query` takes, in the table's order. */
export function parametersOf(query: EventQuery): readonly EventParameter[] {
  return EVENT_PARAMETERS.filter((parameter: EventParameter) => parameter.in[query] !== undefined);
}
