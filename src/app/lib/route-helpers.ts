import { notFound } from '@tanstack/react-router';
import { ApiError } from './api-client';

/** A loader's fetch: the contract's 404 becomes the route's not-found page; any other error stays an error. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.isNotFound) throw notFound();
    throw error;
  }
}
