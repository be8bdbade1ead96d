import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML, true from then on
 * (and at once in a page the browser renders itself): for what only the browser knows, such as the
 * viewer's time zone, which the server's HTML cannot contain without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** The zone for formatExact: UTC, named as such, until the browser's own zone can be shown. */
export function useExactZone(): 'UTC' | undefined {
  return useHydrated() ? undefined : 'UTC';
}
