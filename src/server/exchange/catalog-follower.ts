import { sql } from 'drizzle-orm';
import type { Book } from '../../engine/book';
import { displayedPrice, FULL_SET_PRICE, type Quote } from '../../engine/prices';
import { writeEventDocuments } from '../catalog/event-documents';
import { type Db, rows } from '../db/open';
import { arrayParam, PreparedStatement, planOnce, runStatement } from '../db/prepared';
import { historyStepFor } from '../history/packing';
import { APPEND_EVERY_S, appendPrices, historyMayBeDueAt, type MarketPrice } from '../history/store';
import { isTradable } from './markets';
import { BASE_PER_UNIT, priceText } from './units';
import type { Committed } from './writer';

/** How often the catalog catches up with the books: its prices lag them by at most about this. */
export const FOLLOW_EVERY_MS = 500;
/**
 * Markets given a point of history per flush at most: markets that start trading together would
 * otherwise all be due in the same flush every minute, each a row extended and a 24-hour mark looked up
 * while the order path waits. The others wait for the next flushes (a point a few seconds late).
 */
const HISTORY_POINTS_PER_FLUSH = 25;
/**
 * Markets written per transaction (whole events: an event's markets and document change together).
 * On PGlite a transaction holds every order back while it runs: a flush of the 100 busiest markets in
 * one took ~45 ms, twice a second, and set the order path's p99. In parts of about this size, with
 * GIVE_WAY_MS between them, the orders that arrived meanwhile are written between the parts
 * (docs/performance.md, "The follower's flush in parts"). With its statements prepared and planned
 * once, a part costs ~1.5 ms more than its share, and parts of 8 (~4 ms) did better than of 16 or 32.
 */
export const MARKETS_PER_TRANSACTION = 8;
/**
 * The pause between two parts of a flush. The orders that arrived while a part ran need a turn of the
 * event loop to be read and their signatures checked on a thread before the writer asks for the
 * database; without a pause the next part would ask first (measured: no better than one transaction).
 */
const GIVE_WAY_MS = 3;

/** Where the follower finds a market's committed book. */
export interface CommittedBooks {
  /**
   * The book as this process's writer holds it, asked in the listener of the writer's commit: then it
   * is exactly what was committed (the writer runs nothing between its commit and its listeners).
   * Undefined when the writer does not hold it.
   */
  held(marketId: string): Book | undefined;
  /** The committed book read from the database, and its version (market-data/book-reader.ts). */
  snapshot(marketId: string): Promise<{ book: Book; version: number }>;
}

/** Best prices of outcome 0 (1/10,000); an empty side is absent. */
type Best = { bid?: number; ask?: number };

interface PendingMarket {
  /** Taker notional traded since the last flush (base units). */
  notional: number;
  /** The best prices at the market's last commit, or null when they must be read at the flush. */
  best: Best | null;
  /** The exchange's version those best prices are of. */
  version: number;
}

/**
 * Keeps the catalog in step with the order book: every FOLLOW_EVERY_MS, each market that traded or
 * whose book changed gets its best bid and ask, last trade, displayed price (outcomePrices) and volume
 * (market and event) written, its event's document rewritten, a point added to its price history (at
 * most one a minute), and the catalog's response caches are told (`onChanged`), so no cache serves a
 * price older than that.
 *
 * It runs beside the order path on the same database (on PGlite, one connection: its transaction holds
 * every order back while it runs), so a flush is short transactions of a handful of statements each:
 * the best prices are taken from the writer's memory at each commit, the last trades read in one
 * statement, then, for each part of MARKETS_PER_TRANSACTION markets, the markets are written in one
 * statement, the histories in a few, and the events' documents with their volumes in three (lock,
 * shape, write: event-documents.ts), each prepared and planned once.
 */
export class CatalogFollower {
  private pending = new Map<string, PendingMarket>();
  /** Per market, the time of its history's last point, as this process last wrote or saw it. */
  private readonly lastPointAt = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly books: CommittedBooks,
    private readonly onChanged: () => void,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
    private readonly marketsPerTransaction = MARKETS_PER_TRANSACTION,
  ) {}

  /** A commit of the exchange: its markets and the notional they traded (base units). Called in the commit's listener. */
  note(changes: Committed): void {
    const touch = (marketId: string) => {
      let market = this.pending.get(marketId);
      if (!market) {
        market = { notional: 0, best: null, version: 0 };
        this.pending.set(marketId, market);
      }
      market.best = this.books.held(marketId)?.best(0) ?? null;
      market.version = changes.version;
      return market;
    };
    for (const id of changes.markets) touch(id);
    for (const { marketId, fill } of changes.fills) {
      const market = changes.markets.has(marketId) ? this.pending.get(marketId)! : touch(marketId);
      market.notional += fill.taker.price * fill.size;
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.closed) return;
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
    for (const [id, market] of batch) {
      if (market.best) continue;
      const { book, version } = await this.books.snapshot(id);
      market.best = book.best(0);
      market.version = version;
    }
    const known = await rows<{ id: string; event: string; price: number | null }>(
      this.db,
      sql`SELECT m.id, m.event_id::text AS event, x.last_price AS price
          FROM markets m LEFT JOIN exchange_markets x ON x.market_id = m.id
          WHERE m.id IN (SELECT json_array_elements_text(${JSON.stringify([...batch.keys()])}::json))`,
    );
    const changes = known.map(({ id, event, price }) => {
      const { notional, best, version } = batch.get(id)!;
      const q: Quote = { bestBid: best?.bid ?? null, bestAsk: best?.ask ?? null, lastTrade: price };
      const shown = displayedPrice(q);
      return {
        id,
        event,
        bid: q.bestBid === null ? null : q.bestBid / FULL_SET_PRICE,
        ask: q.bestAsk === null ? null : q.bestAsk / FULL_SET_PRICE,
        last: q.lastTrade === null ? null : q.lastTrade / FULL_SET_PRICE,
        prices: shown === null ? null : JSON.stringify([decimal(shown), decimal(FULL_SET_PRICE - shown)]),
        volume: notional / BASE_PER_UNIT,
        version,
      };
    });
    // A point of history at most once a minute per market: a market this process gave one (or saw one
    // in) less than a minute ago is not even looked at. The longest waiting first (never looked at: 0).
    const lastPoint = (id: string) => this.lastPointAt.get(id) ?? 0;
    const offered = new Set(
      changes
        .map((c) => c.id)
        .filter((id) => lastPoint(id) <= t - APPEND_EVERY_S)
        .sort((a, b) => lastPoint(a) - lastPoint(b))
        .slice(0, HISTORY_POINTS_PER_FLUSH),
    );
    // Due but past this flush's cap: pending again, so that the next flush gives them their point. A
    // market that does not change again would otherwise wait for its next trade.
    for (const { id } of changes)
      if (!offered.has(id) && lastPoint(id) <= t - APPEND_EVERY_S && !this.pending.has(id)) {
        this.pending.set(id, { notional: 0, best: null, version: 0 });
        this.schedule();
      }
    let wrote = false;
    try {
      for (const [i, part] of byEvent(changes, this.marketsPerTransaction).entries()) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, GIVE_WAY_MS));
        await this.db.transaction(async (tx) => {
          await planOnce(tx as unknown as Db);
          await this.write(tx as unknown as Db, part, offered, t);
        });
        wrote = true;
      }
    } finally {
      // Even when a later part failed: the caches must not keep what the parts before it changed.
      if (wrote) this.onChanged();
    }
  }

  /** One transaction of a flush: these markets (whole events), their events, history points and documents. */
  private async write(
    db: Db,
    changes: readonly MarketChange[],
    offered: Set<string>,
    t: number,
  ): Promise<void> {
    const changed = (
      await runStatement(
        db,
        UPDATE_MARKETS,
        [
          arrayParam(changes.map((c) => c.id)),
          arrayParam(changes.map((c) => c.bid)),
          arrayParam(changes.map((c) => c.ask)),
          arrayParam(changes.map((c) => c.last)),
          arrayParam(changes.map((c) => c.prices)),
          arrayParam(changes.map((c) => c.volume)),
          arrayParam(changes.map((c) => c.version)),
        ],
        this.db,
      )
    ).map(([id, event, token0, token1, prices, tradable]) => ({
      id: id!,
      event: event!,
      tokens: [token0, token1],
      prices: prices!,
      tradable: tradable === 'true',
    }));
    const added = new Map<string, number>();
    for (const { event, volume } of changes) {
      if (volume > 0) added.set(event, (added.get(event) ?? 0) + volume);
    }
    const due: (MarketPrice & { id: string })[] = [];
    for (const m of changed) {
      if (!offered.has(m.id)) continue;
      const p0 = Number((JSON.parse(m.prices) as string[])[0]);
      if (m.tradable && m.tokens[0] && m.tokens[1] && Number.isFinite(p0))
        due.push({ id: m.id, tokens: [m.tokens[0], m.tokens[1]], p0 });
      // One that cannot take a point now is looked at again a minute later, not at every flush.
      else this.lastPointAt.set(m.id, t);
    }
    const history = await appendPrices(db, due, t);
    for (const [i, { id }] of due.entries()) this.lastPointAt.set(id, history.lastPointAt[i]!);
    const events = await writeEventDocuments(db, [...changed.map((m) => m.event), ...history.events], {
      added,
      root: this.db,
    });
    // An event that became busy enough for a finer step (demo-history.ts) may have a demo series due
    // now (history-to-now.ts). The old volume less one: rounding only errs towards telling.
    const busier = events.filter((e) => {
      const more = added.get(e.id) ?? 0;
      return more > 0 && historyStepFor(e.volume) !== historyStepFor(e.volume - more - 1);
    });
    if (busier.length > 0)
      await historyMayBeDueAt(
        db,
        t,
        sql`SELECT json_array_elements_text(${JSON.stringify(busier.map((e) => e.id))}::json)::bigint`,
      );
  }

  /**
   * Writes what is pending, then stops (called once the exchange takes no more commits): the last half
   * second's quotes and volume reach the catalog before the database closes. A stop would otherwise lose
   * them until the market traded again, and the volume for good.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush().catch(this.onError);
  }
}

interface MarketChange {
  id: string;
  event: string;
  bid: number | null;
  ask: number | null;
  last: number | null;
  /** The displayed price as the catalog's JSON text, or null to keep the stored one. */
  prices: string | null;
  /** Notional traded since the last flush (collateral units). */
  volume: number;
  /** The exchange's version the quote is of. */
  version: number;
}

const tradable = isTradable(sql`m`);
/**
 * A quote is written when the market trades and it is of the book as of this version or later: with
 * several processes each follower flushes its own commits' books, and the last to flush may hold the
 * older one (a trial saw a cancelled bid stay as the catalog's bestBid for a minute).
 */
const newer = sql`(${tradable} AND p.version >= m.quote_version)`;
/**
 * A part's markets: their quote, displayed price and volume. A market that stopped being tradable (its
 * orders were just cancelled) keeps the quote and price its import gave it (a resolved market's "1" and
 * "0"), and takes no point of history. Arrays, not JSON: the planner then looks each market up by its key.
 */
const UPDATE_MARKETS = PreparedStatement.of(
  'follower_update_markets',
  sql`UPDATE markets m SET
        best_bid = CASE WHEN ${newer} THEN p.bid ELSE m.best_bid END,
        best_ask = CASE WHEN ${newer} THEN p.ask ELSE m.best_ask END,
        last_trade_price = CASE WHEN ${newer} THEN p.last ELSE m.last_trade_price END,
        outcome_prices = CASE WHEN ${newer} THEN COALESCE(p.prices, m.outcome_prices) ELSE m.outcome_prices END,
        quote_version = CASE WHEN ${newer} THEN p.version ELSE m.quote_version END,
        volume = round((m.volume + p.volume)::numeric, 6)::float8
      FROM unnest($1::text[], $2::float8[], $3::float8[], $4::float8[], $5::text[], $6::float8[], $7::int8[])
        AS p(id, bid, ask, last, prices, volume, version)
      WHERE m.id = p.id
      RETURNING m.id, m.event_id::text, m.clob_token_ids[1], m.clob_token_ids[2], m.outcome_prices,
        ${tradable}::text`,
);

/** `changes` in parts of at least `size` markets (the last may be smaller), never splitting an event. */
export function byEvent<T extends { event: string }>(changes: readonly T[], size: number): T[][] {
  const sorted = [...changes].sort((a, b) => (a.event < b.event ? -1 : a.event > b.event ? 1 : 0));
  const parts: T[][] = [];
  let part: T[] = [];
  for (const change of sorted) {
    if (part.length >= size && part.at(-1)!.event !== change.event) {
      parts.push(part);
      part = [];
    }
    part.push(change);
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/** A price of 1/10,000 (or half of one, for a midpoint) as decimal text: "0.505". */
function decimal(price: number): string {
  return Number.isInteger(price) ? priceText(price) : (price / FULL_SET_PRICE).toFixed(5).replace(/0+$/, '');
}
