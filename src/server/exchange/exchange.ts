import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/open';
import { anyDue } from './heartbeats';
import { BookReader } from './market-data/book-reader';
import {
  catalogLoads,
  closedWithLiveOrders,
  dueToExpire,
  hasConditionId,
  MARKET_TRUST_MS,
  MarketRegistry,
} from './markets';
import { hasTickChanges } from './tick-changes';
import { type Committed, ExchangeWriter, type Lapsed } from './writer';
import { expiredBy } from './gtd';

/** How often resting GTD orders are checked for expiry. */
const EXPIRY_EVERY_MS = 1_000;
/** Due orders a sweep looks at (the rest wait for the next second). */
const EXPIRE_AT_MOST = 200;
/** How often the catalog's count of loads is read (one row): how soon a closed market's orders go. */
export const CLOSING_EVERY_MS = 1_000;
/**
 * How long after a load (or a sweep that found something, or failed) markets with live orders are looked
 * at: until every process's registry has read the catalog again, so orders that reached a closed market
 * in the meantime go too.
 */
const CLOSING_WATCH_MS = MARKET_TRUST_MS + 2 * CLOSING_EVERY_MS;
/** How often heartbeat chains are checked for a missed deadline. */
const HEARTBEATS_EVERY_MS = 1_000;
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
  private heartbeats: NodeJS.Timeout | undefined;
  private lapsing: Promise<Lapsed[]> | null = null;
  private sweeping = false;
  private stopped = false;
  /** The catalog's count of loads when last read (null: never, so the first sweep looks). */
  private loadsSeen: number | null = null;
  /** Until when (ms) sweeps look for markets to close. */
  private watchUntil = 0;
  private expiring = false;
  /** A load was noticed whose tick changes have not been announced yet (again after a failure). */
  private ticksDue = false;

  /** `writerDb`: what the writer runs its batches on (`Database.writerDb`); by default `db`. */
  constructor(
    readonly db: Db,
    readonly now: () => number = () => Math.floor(Date.now() / 1000),
    writerDb: Db = db,
  ) {
    this.registry = new MarketRegistry(db);
    this.books = new BookReader(db);
    this.writer = new ExchangeWriter(writerDb, now, (changes) => {
      this.books.changed(changes.markets);
      if (changes.ticks.length > 0) this.rulesChanged(changes.ticks.map((t) => t.market.marketId));
      for (const listener of this.listeners) listener(changes);
    });
  }

  /**
   * These markets' order rules changed (a new tick): lookups, order checks and books read the catalog
   * again from now on. Told by this process's commits, and by other processes' through the live bus.
   */
  rulesChanged(marketIds: readonly string[]): void {
    this.registry.forgetMarkets(new Set(marketIds));
    this.books.changed(marketIds);
  }

  onCommit(listener: (changes: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Expires GTD orders as their time comes (on the books this process holds), announces the ticks loads
   * change, and cancels the orders of markets the catalog closes and of heartbeat chains that lapse. `onError` hears what failed (the next round tries again).
   */
  start(
    onError: (
      err: unknown,
      task: 'expiring orders' | 'following catalog loads' | 'cancelling for missed heartbeats',
    ) => void,
  ): void {
    this.expiry = setInterval(() => {
      this.expireDue().catch((err) => onError(err, 'expiring orders'));
    }, EXPIRY_EVERY_MS);
    this.expiry.unref();
    this.closing = setInterval(() => {
      this.followCatalog().catch((err) => onError(err, 'following catalog loads'));
    }, CLOSING_EVERY_MS);
    this.closing.unref();
    this.heartbeats = setInterval(() => {
      this.lapseHeartbeats().catch((err) => onError(err, 'cancelling for missed heartbeats'));
    }, HEARTBEATS_EVERY_MS);
    this.heartbeats.unref();
  }

  /**
   * Expires the good-till-date orders whose time has come, whichever process holds their books: only when
   * the database has one due, since an idle sweep would still take the writers' turn (and make other
   * processes read their books again). One at a time.
   */
  async expireDue(): Promise<void> {
    if (this.stopped || this.expiring) return;
    this.expiring = true;
    try {
      const marketIds = await dueToExpire(this.db, expiredBy(this.now()), EXPIRE_AT_MOST);
      if (marketIds.length > 0) await this.writer.submit({ kind: 'expire', marketIds });
    } finally {
      this.expiring = false;
    }
  }

  /**
   * Cancels the orders of every heartbeat chain past its deadline (heartbeats.ts), through the writer:
   * only when the cheap look finds one, since a writer job takes the writers' turn. One at a time.
   */
  lapseHeartbeats(): Promise<Lapsed[]> {
    if (this.stopped) return Promise.resolve([]);
    this.lapsing ??= this.lapseDue().finally(() => {
      this.lapsing = null;
    });
    return this.lapsing;
  }

  private async lapseDue(): Promise<Lapsed[]> {
    if (!(await anyDue(this.db, this.now()))) return [];
    return (await this.writer.submit({ kind: 'lapse' })).lapsed;
  }

  /**
   * What a load of events changed for the exchange, noticed by reading the catalog's count of loads (one
   * row) once a second: ticks it changed are announced (`announceTicks`), then markets it closed lose
   * their orders (`closeUntradable`). Being told by the catalog's commit, rather than by the import's
   * code, covers an import run by another process (the CLI) and several servers on one PostgreSQL.
   * Returns how many orders it cancelled.
   */
  async followCatalog(): Promise<number> {
    if (this.sweeping || this.stopped) return 0;
    this.sweeping = true;
    try {
      const loads = await catalogLoads(this.db);
      if (loads !== this.loadsSeen) {
        this.watchUntil = Date.now() + CLOSING_WATCH_MS;
        this.ticksDue = true;
      }
      this.loadsSeen = loads;
      // A failure of one does not hold the other up; the next round tries again.
      const announced = this.ticksDue ? this.announceTicks().then(() => (this.ticksDue = false)) : null;
      const [ticks, closed] = await Promise.allSettled([announced, this.closeUntradable()]);
      if (ticks.status === 'rejected') throw ticks.reason;
      if (closed.status === 'rejected') throw closed.reason;
      return closed.value;
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Tick changes loads recorded go through the writer, which takes them out in its turn: each is sent
   * once (`tick_size_change`, live/market-messages.ts), in commit order with its market's other changes,
   * whichever process takes it. Only a process that finds some takes the writers' turn.
   */
  private async announceTicks(): Promise<void> {
    if (await hasTickChanges(this.db)) await this.writer.submit({ kind: 'ticks' });
  }

  /**
   * A market that a later import or sync closed (or made inactive, or gave other than two outcomes, or
   * dropped) while orders rest on it: its live orders are cancelled through the writer, as their makers'
   * own cancels would be, and their reservations come back (docs/exchange.md, "Markets that close").
   * After a load, and at start, such markets are looked for until every registry has read the catalog
   * again, so orders that reached a closed market before a process noticed go too.
   */
  private async closeUntradable(): Promise<number> {
    try {
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
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.expiry);
    clearInterval(this.closing);
    clearInterval(this.heartbeats);
    await this.writer.close();
  }

  /** The market id of a condition id, or null. */
  async marketOfCondition(conditionId: string): Promise<string | null> {
    const [row] = await rows<{ id: string }>(
      this.db,
      sql`SELECT m.id FROM markets m WHERE ${hasConditionId(sql`m`, conditionId)} LIMIT 1`,
    );
    return row?.id ?? null;
  }
}
