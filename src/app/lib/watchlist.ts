import { useSyncExternalStore } from 'react';

/**
 * The watchlist: event slugs kept in this browser (localStorage), newest first. Slugs only, nothing
 * secret; no wallet needed. Every tab sees a change made in another (the `storage` event).
 */
const KEY = 'marketdesk-watchlist';
/** As many as one catalog page returns (the watchlist page reads them in one request). */
export const WATCHLIST_MAX = 100;
/** The longest slug kept: longer text in storage or a shared link is not a slug. */
const SLUG_MAX = 300;
const EMPTY: readonly string[] = [];

let cached: readonly string[] | null = null;
const listeners = new Set<() => void>();

/** The slugs of `value`, deduplicated and cut to the limit; anything else is dropped. */
export function cleanSlugs(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const slugs = value.filter(
    (s): s is string => typeof s === 'string' && s !== '' && s.length <= SLUG_MAX && !s.includes('\u0000'),
  );
  return [...new Set(slugs)].slice(0, WATCHLIST_MAX);
}

function read(): readonly string[] {
  try {
    return cleanSlugs(JSON.parse(localStorage.getItem(KEY) ?? '[]'));
  } catch {
    return EMPTY;
  }
}

export function watchedSlugs(): readonly string[] {
  cached ??= read();
  return cached;
}

function write(slugs: readonly string[]): void {
  cached = slugs;
  try {
    localStorage.setItem(KEY, JSON.stringify(slugs));
  } catch {
    // Storage refused (private mode, quota): the list lasts as long as the tab.
  }
  for (const listener of listeners) listener();
}

/** Adds or removes `slug`; false when the list is full and it could not be added. */
export function toggleWatched(slug: string): boolean {
  const slugs = watchedSlugs();
  if (slugs.includes(slug)) {
    write(slugs.filter((s) => s !== slug));
    return true;
  }
  if (slugs.length >= WATCHLIST_MAX) return false;
  write([slug, ...slugs]);
  return true;
}

/** Adds these slugs after the ones kept (a shared list); returns how many were new and fitted. */
export function addWatched(slugs: readonly string[]): number {
  const kept = watchedSlugs();
  const added = cleanSlugs(slugs).filter((s) => !kept.includes(s));
  const next = [...kept, ...added].slice(0, WATCHLIST_MAX);
  write(next);
  return next.length - kept.length;
}

// Another tab changed the list (or cleared storage): read it again.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY && event.key !== null) return;
    cached = null;
    for (const listener of listeners) listener();
  });

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The watched slugs; empty while the server renders and while the page hydrates. */
export function useWatchlist(): readonly string[] {
  return useSyncExternalStore(subscribe, watchedSlugs, () => EMPTY);
}

export function useWatched(slug: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => watchedSlugs().includes(slug),
    () => false,
  );
}
