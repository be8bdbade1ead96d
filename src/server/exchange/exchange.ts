import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/open';
import { BookReader } from './market-data/book-reader';
import { MarketRegistry } from './markets';
import { type Committed, ExchangeWriter } from './writer';

/** How often resting GTD orders are checked for expiry. */
const EXPIRY_EVERY_MS = 1_000;

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

  /** Expires GTD orders as their time comes (on the books this process holds). */
  start(onError: (err: unknown) => void): void {
    // Only when something is due: an idle sweep would still take the writers' turn (and make other
    // processes reload their books).
    this.expiry = setInterval(() => {
      if (this.writer.hasExpired(this.now())) this.writer.submit({ kind: 'expire' }).catch(onError);
    }, EXPIRY_EVERY_MS);
    this.expiry.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.expiry);
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
