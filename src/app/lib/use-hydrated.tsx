import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

/** No provider: a tree the browser renders itself (and component tests), hydrated at once. */
const Hydrated = createContext(true);

/**
 * Says when the browser has taken over the server's HTML. Flipped in a transition: every row of a
 * list reads it, and a transition re-renders them in slices that yield to the browser, where a store
 * (useSyncExternalStore) would re-render them all in one long task right after hydration.
 */
export function HydratedProvider({
  serverRendered,
  children,
}: {
  serverRendered: boolean;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(!serverRendered);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return <Hydrated value={hydrated}>{children}</Hydrated>;
}

/**
 * False while the server renders a page and while the browser hydrates that HTML, true from then on
 * (and at once in a page the browser renders itself): for what only the browser knows, such as the
 * viewer's time zone, which the server's HTML cannot contain without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useContext(Hydrated);
}

/** The zone for formatExact: UTC, named as such, until the browser's own zone can be shown. */
export function useExactZone(): 'UTC' | undefined {
  return useHydrated() ? undefined : 'UTC';
}
