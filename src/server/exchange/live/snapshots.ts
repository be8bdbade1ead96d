import type { BookMessage } from '../../../contract/live';
import type { BookReader, MarketSnapshot } from '../market-data/book-reader';
import type { MarketRegistry } from '../markets';
import { bookMessage } from './market-messages';

/** An asset's `book` and the version it shows; no book (a token with none) shows nothing. */
export interface AssetBook {
  asset: string;
  version: number;
  book: BookMessage | null;
}

/**
 * The books of these assets, each market read once (both its tokens are views of one book), each
 * showing at least version `atLeast`: every commit the hub has already passed on, which a subscriber
 * that was not there for it could get from nowhere else.
 */
export async function readBooks(
  exchange: { registry: MarketRegistry; books: BookReader },
  assets: string[],
  atLeast: number,
): Promise<AssetBook[]> {
  const found = await Promise.all(assets.map((asset) => exchange.registry.byToken(asset)));
  const reads = new Map<string, Promise<MarketSnapshot>>();
  for (const f of found) {
    if (f && !reads.has(f.market.marketId))
      reads.set(f.market.marketId, exchange.books.snapshot(f.market.marketId, atLeast));
  }
  return Promise.all(
    assets.map(async (asset, i) => {
      const f = found[i];
      if (!f) return { asset, version: 0, book: null };
      const snapshot = await reads.get(f.market.marketId)!;
      return { asset, version: snapshot.version, book: bookMessage(f, snapshot, Date.now()) };
    }),
  );
}
