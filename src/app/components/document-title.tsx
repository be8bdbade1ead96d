import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LOAD_ERROR_NAME, NOT_FOUND_NAME, titleOf } from '../../contract/pages';

interface TitledMatch {
  status?: string;
  /** The router's mark on the match that shows the not-found page of a path no route has. */
  _notFound?: boolean;
  meta?: ({ title?: string } | undefined)[];
}

/**
 * The title the deepest matched route's `head` gives (routes only set `meta: [{ title }]`), or the
 * not-found page's, as the server titles that page, or the error page's: a page whose data failed has
 * no title of its own, and the last page's would name what is not on screen.
 */
export function currentTitle(matches: readonly TitledMatch[]): string | undefined {
  if (matches.some((match) => match.status === 'notFound' || match._notFound)) return titleOf(NOT_FOUND_NAME);
  if (matches.some((match) => match.status === 'error')) return titleOf(LOAD_ERROR_NAME);
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = matches[i]?.meta?.find((tag) => tag?.title)?.title;
    if (title) return title;
  }
  return undefined;
}

/**
 * Keeps document.title on the route's title. What routes put in `head` is only a title, so this
 * stands in for the router's HeadContent, whose general tag renderer (meta, links, scripts) would
 * add ~3 kB gzip to every page for nothing.
 */
export function DocumentTitle() {
  const title = useRouterState({ select: (state) => currentTitle(state.matches) });
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}
