import { sql } from 'drizzle-orm';
import { writeEventDocuments } from '../catalog/event-documents';
import { type Db, rows } from '../db/open';
import { appendPrices } from '../history/store';
import type { BookReader } from './market-data/book-reader';
import { BASE_PER_UNIT, PRICE_ONE, priceText } from './units';
import type { Committed } from './writer';

/** How often the catalog catches up with the books: its prices lag them by at most about this. */
export const FOLLOW_EVERY_MS = 500;
/** The widest spread at which a market's displayed price is its midpoint (the reference's rule). */
const MIDPOINT_SPREAD = 1_000;

/** What the catalog shows of a market's book, in outcome 0's terms (1/10,000). */
export interface Quote {
  bestBid: number | null;
  bestAsk: number | null;
  lastTrade: number | null;
}

/**
 * The displayed price of outcome 0: the midpoint while the spread is at most 0.10, else the last
 * trade's price (the reference's rule); null when there is neither (the catalog keeps its price).
 */
export function displayedPrice(q: Quote): number | null {
  if (q.bestBid !== null && q.bestAsk !== null && q.bestAsk - q.bestBid <= MIDPOINT_SPREAD)
    return (q.bestBid + q.bestAsk) / 2;
  return q.lastTrade;
}

/**
 * Keeps the catalog in step with the order book: every FOLLOW_EVERY_MS, each market that traded or
 * whose book changed gets its best bid and ask, last trade, displayed price (outcomePrices) and volume
 * (market and event) written, its event's document rewritten, a point added to its price history, and
 * the catalog's response caches are told (`onChanged`), so no cache serves a price older than that.
 */
export class CatalogFollower {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly books: BookReader,
    private readonly onChanged: () => void,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** A commit of the exchange: its markets and the notional they traded (base units). */
  note(changes: Committed): void {
    for (const id of changes.markets) this.pending.set(id, this.pending.get(id) ?? 0);
    for (const { marketId, fill } of changes.fills) {
      this.pending.set(marketId, (this.pending.get(marketId) ?? 0) + fill.taker.price * fill.size);
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.running = this.flush().catch(this.onError);
    }, FOLLOW_EVERY_MS);
  }

  /** Writes what is pending now (tests call it instead of waiting). */
  async flush(): Promise<void> {
    await this.running;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return;
    const t = this.now();
    const quotes = new Map<string, Quote>();
    for (const marketId of batch.keys()) {
      const snapshot = await this.books.snapshot(marketId);
      const best = snapshot.book.best(0);
      quotes.set(marketId, {
        bestBid: best.bid ?? null,
        bestAsk: best.ask ?? null,
        lastTrade: snapshot.lastTrade?.price ?? null,
      });
    }
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const payload = [...batch].map(([id, notional]) => {
        const q = quotes.get(id)!;
        const shown = displayedPrice(q);
        return {
          id,
          bid: q.bestBid === null ? null : q.bestBid / PRICE_ONE,
          ask: q.bestAsk === null ? null : q.bestAsk / PRICE_ONE,
          last: q.lastTrade === null ? null : q.lastTrade / PRICE_ONE,
          prices: shown === null ? null : JSON.stringify([decimal(shown), decimal(PRICE_ONE - shown)]),
          volume: notional / BASE_PER_UNIT,
        };
      });
      const changed = await rows<{ event_id: string; tokens: string[]; prices: string }>(
        db,
        sql`UPDATE markets m SET best_bid = p.bid, best_ask = p.ask, last_trade_price = p.last,
              outcome_prices = COALESCE(p.prices, m.outcome_prices), volume = m.volume + p.volume
            FROM json_to_recordset(${JSON.stringify(payload)}::json)
              AS p(id text, bid float8, ask float8, last float8, prices text, volume float8)
            WHERE m.id = p.id
            RETURNING m.event_id::text, m.clob_token_ids AS tokens, m.outcome_prices AS prices`,
      );
      await db.execute(sql`
        UPDATE events e SET volume = e.volume + v.volume, volume24hr = e.volume24hr + v.volume
        FROM (SELECT m.event_id, sum(p.volume) AS volume
              FROM json_to_recordset(${JSON.stringify(payload)}::json) AS p(id text, volume float8)
              JOIN markets m ON m.id = p.id GROUP BY m.event_id HAVING sum(p.volume) > 0) v
        WHERE e.id = v.event_id`);
      const points = changed.flatMap((m) => {
        const p0 = Number((JSON.parse(m.prices) as string[])[0]);
        return m.tokens.length === 2 && Number.isFinite(p0)
          ? [{ tokens: [m.tokens[0]!, m.tokens[1]!] as const, p0 }]
          : [];
      });
      // The events' documents are rewritten just below, 24-hour marks moved by the points included.
      await appendPrices(db, points, t, { deferDocuments: new Set() });
      await writeEventDocuments(
        db,
        changed.map((m) => m.event_id),
      );
    });
    this.onChanged();
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

/** A price of 1/10,000 (or half of one, for a midpoint) as decimal text: "0.505". */
function decimal(price: number): string {
  return Number.isInteger(price) ? priceText(price) : (price / PRICE_ONE).toFixed(5).replace(/0+$/, '');
}
