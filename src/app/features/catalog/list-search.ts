import * as z from 'zod/mini';
import type { EventsPageQuery } from './api/events';

/**
 * The view state of every list page, kept in the URL (`validateSearch`). Each field falls back to its
 * default on anything invalid (`catch`), so a hand-edited or stale link still opens a page.
 * zod/mini keeps this out of the catalog bundle's budget (the classic API is not tree-shakable).
 */
export const SORT_FIELDS = ['volume', 'volume24hr', 'liquidity', 'endDate'] as const;
export const STATUSES = ['active', 'closed', 'all'] as const;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const SEARCH_MAX_LENGTH = 200;

export type SortField = (typeof SORT_FIELDS)[number];
export type Status = (typeof STATUSES)[number];
export type PageSize = (typeof PAGE_SIZES)[number];

export const DEFAULT_LIST_SEARCH = {
  sort: 'volume',
  dir: 'desc',
  status: 'active',
  q: '',
  page: 1,
  size: 20,
} as const satisfies ListSearch;

const withDefault = <T extends z.core.SomeType>(schema: T, value: z.output<T>) =>
  z.catch(z._default(schema, value as never), value as never);

export const listSearchSchema = z.object({
  sort: withDefault(z.enum(SORT_FIELDS), DEFAULT_LIST_SEARCH.sort),
  dir: withDefault(z.enum(['asc', 'desc']), DEFAULT_LIST_SEARCH.dir),
  status: withDefault(z.enum(STATUSES), DEFAULT_LIST_SEARCH.status),
  // Numbers-looking text (`q=2024`) arrives as a number from the router's JSON-ish parser.
  q: withDefault(
    z.pipe(
      z.union([z.string(), z.number()]),
      z.transform((v) => String(v).trim().slice(0, SEARCH_MAX_LENGTH)),
    ),
    '',
  ),
  page: withDefault(z.int().check(z.minimum(1), z.maximum(1_000_000)), DEFAULT_LIST_SEARCH.page),
  size: withDefault(z.literal(PAGE_SIZES), DEFAULT_LIST_SEARCH.size),
});

export interface ListSearch {
  sort: SortField;
  dir: 'asc' | 'desc';
  status: Status;
  q: string;
  page: number;
  size: PageSize;
}

/** The `/events` query a list view asks for. */
export function toEventsQuery(
  search: ListSearch,
  scope: { tagId?: string; seriesId?: string } = {},
): EventsPageQuery {
  return {
    order: search.sort,
    ascending: search.dir === 'asc',
    ...(search.status === 'active' ? { active: true, closed: false } : {}),
    ...(search.status === 'closed' ? { closed: true } : {}),
    ...(search.q ? { q: search.q } : {}),
    limit: search.size,
    offset: (search.page - 1) * search.size,
    ...(scope.tagId ? { tagId: scope.tagId } : {}),
    ...(scope.seriesId ? { seriesId: scope.seriesId } : {}),
  };
}
