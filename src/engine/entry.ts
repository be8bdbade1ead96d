import type { RestingOrder, Side } from './types';

/**
 * The engine's own record of a resting order. `order` is private to the engine (callers get copies),
 * and `live` turns false when the order leaves the book, so queues and the expiry heap can drop it lazily.
 */
export interface Entry {
  readonly order: RestingOrder;
  /** Where it stands in the shared book: side and price in outcome-0 terms. */
  readonly bookSide: Side;
  readonly bookPrice: number;
  live: boolean;
}

/** A caller's copy: the engine's records are never handed out. */
export function snapshot(entry: Entry): RestingOrder {
  return { ...entry.order };
}
