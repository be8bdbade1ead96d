import { useCallback, useRef, useSyncExternalStore } from 'react';
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

const NO_PRICES: ReadonlyMap<string, number> = new Map();

/**
 * The displayed price (outcome 0, units of 1/10,000) of each asset with a live book, while `enabled`
 * (a list row on screen): the same figure the catalog will store, a moment earlier.
 */
export function useLivePrices(assetIds: readonly string[], enabled: boolean): ReadonlyMap<string, number> {
  const key = enabled ? assetIds.join(',') : '';
  const last = useRef<{ signature: string; prices: ReadonlyMap<string, number> }>({
    signature: '',
    prices: NO_PRICES,
  });
  const subscribe = useCallback(
    (onChange: () => void) => {
      const ids = key ? key.split(',') : [];
      if (ids.length === 0) return () => {};
      return whenLoaded((s) => {
        const stops = ids.map((id) => s.watch(id, onChange));
        return () => {
          for (const stop of stops) stop();
        };
      }, onChange);
    },
    [key],
  );
  const read = () => {
    if (!key || !store) return NO_PRICES;
    const prices = new Map<string, number>();
    for (const id of key.split(',')) {
      const price = store.displayedPrice(id);
      if (price !== null) prices.set(id, price);
    }
    // The store needs the same object while nothing changed.
    const signature = [...prices].join(';');
    if (signature !== last.current.signature) last.current = { signature, prices };
    return last.current.prices;
  };
  return useSyncExternalStore(subscribe, read, () => NO_PRICES);
}
