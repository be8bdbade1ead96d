import { notFound } from '@tanstack/react-router';
import { CATALOG_ID } from '../../contract/catalog-id';
import { ApiError } from './api-client';

/**
 * Which page is missing: the route that shows the not-found page in place of its own, and what it
 * names ("This event does not exist"). The router's default not-found component draws every one:
 * a route with a notFoundComponent of its own is wrapped in a not-found boundary that rethrows other
 * errors, which Preact's error handling catches again and again (the page hangs) instead of passing
 * them once to the route's error boundary as React does.
 */
export interface Missing {
  routeId: '/e/$slug' | '/tags/$tagId' | '/series/$seriesId';
  what: string;
}

export interface NotFoundData {
  what?: string;
}

function missingPage({ routeId, what }: Missing): never {
  throw notFound({ routeId, data: { what } satisfies NotFoundData });
}

/** A tag or series page's id param: anything the catalog would refuse as an id is the not-found page. */
export function catalogIdOrNotFound(id: string, missing: Missing): string {
  if (!CATALOG_ID.test(id)) missingPage(missing);
  return id;
}

/** A loader's fetch: the contract's 404 becomes the not-found page; any other error stays an error. */
export async function orNotFound<T>(promise: Promise<T>, missing: Missing): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) missingPage(missing);
    throw error;
  }
}
