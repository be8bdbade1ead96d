/**
 * The dashboard's pages, each defined once: its path (the router's pattern), its title and the catalog
 * data it starts with (what a record page's link preview says is the server's: src/server/web/previews.ts,
 * kept out of the browser's bundle). The dashboard's routes take their loaders and titles
 * from here; the server answers the same paths with the same titles, preview tags and data preloads
 * (src/server/web). Adding a page: an entry here and its route file under src/app/routes.
 */
import type { Event, Series, Tag, TagWithCount } from './catalog';
import { CATALOG_ID } from './catalog-id';
import { type EventsPageQuery, eventsSearchParams } from './events-page-query';
import { type ListSearch, toEventsQuery } from './list-search';

export const SITE_NAME = 'Marketdesk';
export const DEFAULT_DESCRIPTION =
  'Browse prediction markets: top events by volume, tags, series and live outcome prices.';
export const NOT_FOUND_NAME = 'Not found';
/** The title's name while a page shows that its data could not be loaded (the error state's words). */
export const LOAD_ERROR_NAME = 'Could not load';

/** "<name> · Marketdesk", the title of every page. */
export function titleOf(name: string): string {
  return name ? `${name} · ${SITE_NAME}` : SITE_NAME;
}

/** A catalog read a page starts with (docs/api.md §6). */
export type CatalogRequest =
  | { kind: 'events'; query: EventsPageQuery }
  | { kind: 'tags' }
  | { kind: 'series' }
  | { kind: 'tag'; id: string }
  | { kind: 'seriesById'; id: string }
  | { kind: 'eventBySlug'; slug: string };

/** The request's path under the catalog mount (`/events?…`), as both sides fetch it. */
export function catalogPath(request: CatalogRequest): string {
  switch (request.kind) {
    case 'events':
      return `/events?${eventsSearchParams(request.query)}`;
    case 'tags':
      return '/tags';
    case 'series':
      return '/series';
    case 'tag':
      return `/tags/${encodeURIComponent(request.id)}`;
    case 'seriesById':
      return `/series/${encodeURIComponent(request.id)}`;
    case 'eventBySlug':
      return `/events/slug/${encodeURIComponent(request.slug)}`;
  }
}

/** The catalog records a page can be about, by kind, as both sides read them. */
export interface PageRecords {
  event: Event;
  tag: Tag;
  series: Series;
}
/** The same records as the server reads them for a link preview (a tag with its event count). */
export interface PreviewRecords extends PageRecords {
  tag: TagWithCount;
}
export type RecordKind = keyof PageRecords;

/** The request for a record page's record: the page waits for it (its title, or the not-found page). */
export function recordRequest(kind: RecordKind, param: string): CatalogRequest {
  switch (kind) {
    case 'event':
      return { kind: 'eventBySlug', slug: param };
    case 'tag':
      return { kind: 'tag', id: param };
    case 'series':
      return { kind: 'seriesById', id: param };
  }
}

/** What a link preview says about a record page (the title is the page's name). */
export interface Preview {
  description: string;
  /** The page's own path, canonical form (`/tags/7` for `/tags/007`). */
  canonicalPath: string;
  type?: 'article';
  /** As the catalog has it: the server keeps it only if it is an http(s) or same-origin URL. */
  image?: string;
}

/**
 * A page's data: `search` is the list view's state, absent when unknown (the server knows it only for
 * a URL without a query string; the router's parsing decides the rest, and a guess that missed would
 * cost a wasted request).
 */
type FirstData<P> = (param: P, search?: ListSearch) => CatalogRequest[];

/** A page at a fixed path. */
export interface StaticPage {
  path: string;
  name: string;
  /** Kept out of search engines. */
  noindex?: boolean;
  /** Rendered in the browser only: the server sends the page without its first view. */
  browserOnly?: boolean;
  data: FirstData<void>;
}

/** A page about one catalog record, named by the path's one parameter. */
export interface RecordPage<K extends RecordKind = RecordKind> {
  path: string;
  record: K;
  /** What the not-found page calls it ("This event does not exist"). */
  what: string;
  /** A parameter the catalog would refuse outright is the not-found page without asking it. */
  validParam: (param: string) => boolean;
  /** The rest of what it starts with, fetched beside the record. */
  data: FirstData<string>;
  // Methods, so that a page about tags is a RecordPage of any kind (parameters compare bivariantly).
  name(record: PageRecords[K]): string;
}

const list = (search: ListSearch | undefined, scope: { tagId?: string; seriesId?: string } = {}) =>
  search ? [{ kind: 'events', query: toEventsQuery(search, scope) } as const] : [];
// PostgreSQL text cannot hold U+0000: such a slug names no event, and asking would be an error.
const anySlug = (slug: string) => slug !== '' && !slug.includes('\u0000');
const catalogId = (id: string) => CATALOG_ID.test(id);

export const PAGES = {
  top: {
    path: '/',
    name: 'Top markets',
    data: (_, search) => [...list(search), { kind: 'tags' }],
  } satisfies StaticPage,
  tags: { path: '/tags', name: 'Tags', data: () => [{ kind: 'tags' }] } satisfies StaticPage,
  series: { path: '/series', name: 'Series', data: () => [{ kind: 'series' }] } satisfies StaticPage,
  // Its code is the wallet's, which needs a browser (and which the server never loads).
  keys: {
    path: '/keys',
    name: 'API keys',
    noindex: true,
    browserOnly: true,
    data: () => [],
  } satisfies StaticPage,
  portfolio: {
    path: '/portfolio',
    name: 'Portfolio',
    noindex: true,
    browserOnly: true,
    data: () => [],
  } satisfies StaticPage,
  // Its list is in the browser's storage: the server has nothing to render.
  watchlist: {
    path: '/watchlist',
    name: 'Watchlist',
    noindex: true,
    browserOnly: true,
    data: () => [],
  } satisfies StaticPage,
  tag: {
    path: '/tags/$tagId',
    record: 'tag',
    what: 'tag',
    validParam: catalogId,
    data: (tagId, search) => list(search, { tagId }),
    name: (tag) => tag.label,
  } satisfies RecordPage<'tag'>,
  seriesOne: {
    path: '/series/$seriesId',
    record: 'series',
    what: 'series',
    validParam: catalogId,
    data: (seriesId, search) => list(search, { seriesId }),
    name: (series) => series.title,
  } satisfies RecordPage<'series'>,
  event: {
    path: '/e/$slug',
    record: 'event',
    what: 'event',
    validParam: anySlug,
    data: () => [],
    name: (event) => event.title,
  } satisfies RecordPage<'event'>,
} as const satisfies Record<
  string,
  StaticPage | RecordPage<'event'> | RecordPage<'tag'> | RecordPage<'series'>
>;

export function isRecordPage(page: StaticPage | RecordPage): page is RecordPage {
  return 'record' in page;
}

/** A path's page and its parameter (decoded), or null: no page has that path. */
export function matchPage(pathname: string): { page: StaticPage | RecordPage; param: string } | null {
  const segments = pathname.split('/').slice(1);
  for (const page of Object.values<StaticPage | RecordPage>(PAGES)) {
    const pattern = page.path.split('/').slice(1);
    if (pattern.length !== segments.length) continue;
    let param = '';
    const matches = pattern.every((part, i) => {
      const segment = segments[i] as string;
      if (!part.startsWith('$')) return part === segment;
      const decoded = safeDecode(segment);
      if (decoded === null || decoded === '') return false;
      param = decoded;
      return true;
    });
    if (matches) return { page, param };
  }
  return null;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
