import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/open';
import { BookReader } from './market-data/book-reader';
import { catalogLoads, closedWithLiveOrders, MARKET_TRUST_MS, MarketRegistry } from './markets';
import { type Committed, ExchangeWriter } from './writer';

/** How often resting GTD orders are checked for expiry. */
const EXPIRY_EVERY_MS = 1_000;
/** How often the catalog's count of loads is read (one row): how soon a closed market's orders go. */
export const CLOSING_EVERY_MS = 1_000;
/**
 * How long after a load (or a sweep that found something, or failed) markets with live orders are looked
 * at: until every process's registry has read the catalog again, so orders that reached a closed market
 * in the meantime go too.
 */
const CLOSING_WATCH_MS = MARKET_TRUST_MS + 2 * CLOSING_EVERY_MS;
/** Markets closed in one writer job at most (the next sweep takes the rest). */
const CLOSE_AT_MOST = 200;

/**
 * The exchange of one server process: the market registry, the single writer, the committed books public
 * reads see, and the listeners of every commit (the catalog's follower, the live channels).
 */
export class Exchange {
  readonly registry: MarketRegistry;
  readonly writer: ExchangeWriter;
  readonly books: BookReader;
  private readonly listeners = new Set<(changes: Committed) => void>();
  private expiry: NodeJS.Timeout | undefined;
  private closing: NodeJS.Timeout | undefined;
  private sweeping = false;
  private stopped = false;
  /** The catalog's count of loads when last read (null: never, so the first sweep looks). */
  private loadsSeen: number | null = null;
  /** Until when (ms) sweeps look for markets to close. */
  private watchUntil = 0;

  constructor(
    readonly db: Db,
    readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.registry = new MarketRegistry(db);
    this.books = new BookReader(db);
    this.writer = new ExchangeWriter(db, now, (changes) => {
      this.books.changed(changes.markets);
      for (const listener of this.listeners) listener(changes);
    });
  }

  onCommit(listener: (changes: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Expires GTD orders as their time comes (on the books this process holds), and cancels the orders of
   * markets the catalog closes. `onError` hears what failed (the next round tries again).
   */
  start(onError: (err: unknown, task: 'expiring orders' | 'closing markets') => void): void {
    // Only when something is due: an idle sweep would still take the writers' turn (and make other
    // processes reload their books).
    this.expiry = setInterval(() => {
      if (this.writer.hasExpired(this.now()))
        this.writer.submit({ kind: 'expire' }).catch((err) => onError(err, 'expiring orders'));
    }, EXPIRY_EVERY_MS);
    this.expiry.unref();
    this.closing = setInterval(() => {
      this.closeUntradable().catch((err) => onError(err, 'closing markets'));
    }, CLOSING_EVERY_MS);
    this.closing.unref();
  }

  /**
   * A market that a later import or sync closed (or made inactive, or gave other than two outcomes, or
   * dropped) while orders rest on it: its live orders are cancelled through the writer, as their makers'
   * own cancels would be, and their reservations come back (docs/exchange.md, "Markets that close").
   * Every process reads the catalog's count of loads (one row); after a load, and at start, it looks for
   * such markets until every registry has read the catalog again. Being told by the catalog's commit,
   * rather than by the import's code, covers an import run by another process (the CLI), several servers
   * on one PostgreSQL, and orders that reached a closed market before a process noticed. Returns how
   * many orders it cancelled.
   */
  async closeUntradable(): Promise<number> {
    if (this.sweeping || this.stopped) return 0;
    this.sweeping = true;
    try {
      const loads = await catalogLoads(this.db);
      if (loads !== this.loadsSeen) this.watchUntil = Date.now() + CLOSING_WATCH_MS;
      this.loadsSeen = loads;
      if (Date.now() > this.watchUntil) return 0;
      const marketIds = await closedWithLiveOrders(this.db, CLOSE_AT_MOST);
      if (marketIds.length === 0) return 0;
      this.watchUntil = Date.now() + CLOSING_WATCH_MS;
      // Lookups read the catalog again at once: no new order reaches these books from this process.
      this.registry.forgetMarkets(new Set(marketIds));
      const { canceled } = await this.writer.submit({ kind: 'close', marketIds });
      return canceled.length;
    } catch (err) {
      // Look again next time.
      this.watchUntil = Date.now() + CLOSING_WATCH_MS;
      throw err;
    } finally {
      this.sweeping = false;
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.expiry);
    clearInterval(this.closing);
    await this.writer.close();
  }

  /** The market id of a condition id, or null. */
  async marketOfCondition(conditionId: string): Promise<string | null> {
    const [row] = await rows<{ id: string }>(
      this.db,
      sql`SELECT id FROM markets WHERE lower(condition_id) = lower(${conditionId}) LIMIT 1`,
    );
    return row?.id ?? null;
  }
}
