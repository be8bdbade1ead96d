import type { OrderField } from './catalog';
import { SEARCH_MAX_LENGTH, STATUS_FILTERS, STATUSES, type Status } from './event-parameters';
import type { EventsPageQuery } from './events-page-query';
import { LIST_PRESETS, type ListPreset, presetQuery } from './list-presets';
import { searchSchema } from './search-schema';

// The list's status words and search length are the event vocabulary's (event-parameters.ts).
export { STATUSES, type Status } from './event-parameters';

/**
 * The view state of every list page, kept in the URL (`validateSearch`). Each field falls back to its
 * default on anything invalid (the `.catch()` semantics), so a hand-edited or stale link still opens a
 * page. Hand-written rather than zod: zod's runtime (shared with the Keys page's chunk) would add
 * ~15 kB gzip to every catalog page, a seventh of the whole budget, for six fields. In the contract
 * because shared links are a public interface, and the server names the data URL a default view
 * will fetch (its preload) from the same definition as the dashboard.
 */
/** The sort fields a list offers: some of the contract's ORDER_FIELDS (checked by the type). */
export const SORT_FIELDS = [
  'volume',
  'volume24hr',
  'liquidity',
  'endDate',
] as const satisfies readonly OrderField[];
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export type SortField = (typeof SORT_FIELDS)[number];
export type PageSize = (typeof PAGE_SIZES)[number];

/** `top`: the list as sorted and filtered by hand; else one of the catalog's lists (list-presets.ts). */
export type ListKind = 'top' | ListPreset;
const LISTS: readonly ListKind[] = ['top', ...LIST_PRESETS];

export const DEFAULT_LIST_SEARCH = {
  list: 'top',
  sort: 'volume',
  dir: 'desc',
  status: 'active',
  q: '',
  page: 1,
  size: 20,
} as const satisfies ListSearch;

export interface ListSearch {
  list: ListKind;
  sort: SortField;
  dir: 'asc' | 'desc';
  status: Status;
  q: string;
  page: number;
  size: PageSize;
}

type ListSearchInput = { [K in keyof ListSearch]?: unknown };

function oneOf<T>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function searchText(value: unknown): string {
  // The router parses values as JSON where they are: a hand-typed `q=2028`, `q=true` or `q=null`
  // arrives as a number, a boolean or null, and is still the text typed.
  if (value === null) return 'null';
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    return DEFAULT_LIST_SEARCH.q;
  return String(value).trim().slice(0, SEARCH_MAX_LENGTH);
}

function pageNumber(value: unknown): number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 1_000_000
    ? (value as number)
    : DEFAULT_LIST_SEARCH.page;
}

function parseListSearch(input: unknown): ListSearch {
  const raw: ListSearchInput = input && typeof input === 'object' ? input : {};
  return {
    list: oneOf(LISTS, raw.list, DEFAULT_LIST_SEARCH.list),
    sort: oneOf(SORT_FIELDS, raw.sort, DEFAULT_LIST_SEARCH.sort),
    dir: oneOf(['asc', 'desc'] as const, raw.dir, DEFAULT_LIST_SEARCH.dir),
    status: oneOf(STATUSES, raw.status, DEFAULT_LIST_SEARCH.status),
    q: searchText(raw.q),
    page: pageNumber(raw.page),
    size: oneOf(PAGE_SIZES, raw.size, DEFAULT_LIST_SEARCH.size),
  };
}

/**
 * `validateSearch` for the list routes, as a Standard Schema (what the router reads zod through), so
 * links may give any subset of the fields. Never fails: each invalid field becomes its default.
 */
export const listSearchSchema = searchSchema(parseListSearch);

/**
 * The `/events` query a list view asks for. A catalog list (`list`) sets its own filters and order,
 * with the time `now` (ms) floored to the minute; sort, direction and status are the hand-made list's.
 */
export function toEventsQuery(
  search: ListSearch,
  scope: { tagId?: string; seriesId?: string } = {},
  now: number = Date.now(),
): EventsPageQuery {
  return {
    ...(search.list === 'top'
      ? { order: search.sort, ascending: search.dir === 'asc', ...STATUS_FILTERS[search.status] }
      : presetQuery(search.list, now)),
    ...(search.q ? { q: search.q } : {}),
    limit: search.size,
    offset: (search.page - 1) * search.size,
    ...(scope.tagId ? { tag_id: scope.tagId } : {}),
    ...(scope.seriesId ? { series_id: scope.seriesId } : {}),
  };
}
