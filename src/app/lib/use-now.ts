import { useSyncExternalStore } from 'react';

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

/** The current time for relative dates, re-rendering the caller every NOW_TICK_MS while it is mounted. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot);
}
