import { createContext, useContext, useSyncExternalStore } from 'react';

/** How often relative times ("ends in 3m") are brought up to date; they show minutes at the finest. */
export const NOW_TICK_MS = 30_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // One timer for every relative time on screen, running only while one is.
  timer ??= setInterval(() => {
    for (const notify of listeners) notify();
  }, NOW_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time, in steps of NOW_TICK_MS (the same value for every read within a step, as the store needs). */
function snapshot(): number {
  return Math.floor(Date.now() / NOW_TICK_MS) * NOW_TICK_MS;
}

/**
 * The time a server-rendered page was rendered at (in steps of NOW_TICK_MS): relative dates show it
 * on the server and while the browser hydrates that HTML, so both write the same text; the browser's
 * own time follows right after. Null when the page was not rendered on the server.
 */
export const RenderedAt = createContext<number | null>(null);

/** The time, in the steps a relative date moves in: what the server renders with (entry-server.tsx). */
export const nowStep = snapshot;

/** The current time for relative dates, re-rendering the caller every NOW_TICK_MS while it is mounted. */
export function useNow(): number {
  const renderedAt = useContext(RenderedAt);
  return useSyncExternalStore(subscribe, snapshot, () => renderedAt ?? snapshot());
}
