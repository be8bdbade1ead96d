/**
 * The catalog pages' own code, one chunk per kind of page: the framework and what every page shares
 * are one file (vite.config.ts's `app` group), and each page loads that and its kind's chunk, never the
 * other kinds' (a list page does not load the event page's chart frame, book and share button, nor the
 * reverse). Written once for both sides: vite.config.ts groups the modules, the server names the chunk
 * of the page it sends in a modulepreload, so the browser fetches it beside the app's file instead of
 * after it (src/server/web/plugin.ts).
 */
export interface PageChunk {
  /** The chunk's name: its file is `assets/<name>-<hash>.js`. */
  name: string;
  /** The pages (their patterns in src/contract/pages.ts) that load it. */
  paths: readonly string[];
  /** The modules it holds (ids as the bundler sees them; a route's `?tsr-split` part is its component). */
  code: RegExp;
}

const CATALOG = String.raw`src[\\/]app[\\/]features[\\/]catalog[\\/]components[\\/]`;
const ROUTE = String.raw`src[\\/]app[\\/]routes[\\/]`;

export const PAGE_CHUNKS: readonly PageChunk[] = [
  {
    // Events as a list's rows: the list pages' and the watchlist's (before them: a chunk takes what its
    // modules import that no chunk before it took).
    name: 'page-rows',
    paths: ['/', '/tags/$tagId', '/series/$seriesId', '/watchlist'],
    code: new RegExp(String.raw`${CATALOG}(event-list|event-row|day-change)\.tsx$`),
  },
  {
    name: 'page-list',
    paths: ['/', '/tags/$tagId', '/series/$seriesId'],
    code: new RegExp(
      String.raw`${CATALOG}(list-view|list-view-skeleton|list-toolbar|list-nav|pagination|tag-strip)\.tsx$|${ROUTE}(index|tags\.\$tagId|series\.\$seriesId)\.tsx\?tsr-split`,
    ),
  },
  {
    name: 'page-event',
    paths: ['/e/$slug'],
    code: new RegExp(
      String.raw`${CATALOG}(event-details|event-details-skeleton|event-description|market-block|more-in-series|outcome-bars|share-button)\.tsx$|src[\\/]app[\\/]features[\\/](history[\\/](components[\\/](price-history-section|price-history-skeleton|chart-frame)\.tsx|chart-lines\.ts)|trading[\\/]components[\\/](book-section|book-skeleton)\.tsx)$|${ROUTE}e\.\$slug\.tsx\?tsr-split`,
    ),
  },
  {
    name: 'page-watchlist',
    paths: ['/watchlist'],
    code: new RegExp(String.raw`${CATALOG}watchlist-page\.tsx$|${ROUTE}watchlist\.tsx\?tsr-split`),
  },
  {
    name: 'page-index',
    paths: ['/tags', '/series'],
    code: new RegExp(
      String.raw`${CATALOG}(tag-index|series-index)\.tsx$|${ROUTE}(tags|series)\.index\.tsx\?tsr-split`,
    ),
  },
];

/**
 * Each page pattern's chunk files (`/assets/page-list-AbC123.js`), found among the built dashboard's
 * asset file names. A chunk the build did not write (a test fixture, an older build) is left out.
 */
export function pageChunkFiles(assetNames: readonly string[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const { name, paths } of PAGE_CHUNKS) {
    const file = assetNames.find((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f));
    if (!file) continue;
    for (const path of paths) byPath.set(path, [...(byPath.get(path) ?? []), `/assets/${file}`]);
  }
  return byPath;
}
