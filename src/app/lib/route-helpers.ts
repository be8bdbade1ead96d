import { notFound } from '@tanstack/react-router';
import { CATALOG_ID } from '../../contract/catalog-id';
import { ApiError } from './api-client';

/** A tag or series page's id param: anything the catalog would refuse as an id is the not-found page. */
export function catalogIdOrNotFound(id: string): string {
  if (!CATALOG_ID.test(id)) throw notFound();
  return id;
}

/** A loader's fetch: the contract's 404 becomes the route's not-found page; any other error stays an error. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) throw notFound();
    throw error;
  }
}
