import { useCallback, useSyncExternalStore } from 'react';
import type { LiveBook } from './book-state';
import type { LiveStatus } from './live-socket';
import type { LiveStore } from './store';

/**
 * The hooks pages use for live data. They import the store (and with it the socket) only when a
 * component first subscribes, which React does in the browser after hydration: the server render and
 * the first load never contain it, and a page without live parts never loads it.
 */

let store: LiveStore | null = null;
let loading: Promise<LiveStore> | null = null;

function loadStore(): Promise<LiveStore> {
  loading ??= import('./store').then((m) => {
    store = m.liveStore;
    return store;
  });
  return loading;
}

/** Subscribes once the store is loaded; unsubscribing before then cancels. */
function whenLoaded(attach: (s: LiveStore) => () => void, onLoaded: () => void): () => void {
  let detach: (() => void) | null = null;
  let cancelled = false;
  void loadStore().then((s) => {
    if (cancelled) return;
    detach = attach(s);
    onLoaded();
  });
  return () => {
    cancelled = true;
    detach?.();
  };
}

/** The live book of `assetId` (null until its snapshot arrives, and for no asset). */
export function useLiveBook(assetId: string | null): LiveBook | null {
  const subscribe = useCallback(
    (onChange: () => void) => (assetId ? whenLoaded((s) => s.watch(assetId, onChange), onChange) : () => {}),
    [assetId],
  );
  return useSyncExternalStore(
    subscribe,
    () => (assetId && store ? store.book(assetId) : null),
    () => null,
  );
}

const subscribeStatus = (onChange: () => void) => whenLoaded((s) => s.socket.onStatus(onChange), onChange);

/** The connection's state, for a quiet indicator ('idle' until the store loads). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    subscribeStatus,
    () => store?.socket.getStatus() ?? 'idle',
    () => 'idle',
  );
}
