import { type SQL, sql } from 'drizzle-orm';
import type { Outcome } from '../../engine/types';
import { type Db, rows } from '../db/open';
import { FULL_SET_PRICE } from '../../engine/prices';

/** What the exchange needs of a catalog market to trade it. */
export interface TradableMarket {
  marketId: string;
  conditionId: string;
  /** Token ids of outcome 0 and 1. */
  tokens: readonly [string, string];
  negRisk: boolean;
  /** Price tick, 1/10,000 units (0.01 → 100). */
  tick: number;
  /** Minimum size of an order that rests, in centishares. */
  minSize: number;
}

export interface TokenMarket {
  market: TradableMarket;
  outcome: Outcome;
}

/** Whether the catalog's market `m` has books here: two outcomes, active and not closed (docs/api.md). */
export const isTradable = (m: SQL) =>
  sql`(${m}.active AND NOT ${m}.closed AND cardinality(${m}.clob_token_ids) = 2)`;

/**
 * Whether the catalog's market `m` has this condition id. Ids are stored as imported (lower-case in real
 * catalogs); the id as given and in lower case both use the index.
 */
export const hasConditionId = (m: SQL, conditionId: string) =>
  sql`${m}.condition_id IN (${conditionId}, ${conditionId.toLowerCase()})`;

/**
 * A market's tick and minimum size in the exchange's units, from the catalog's (a tick in USDC, a size
 * in shares; the import keeps the tick one of the clients' and the size whole centishares).
 */
export function orderRules(row: {
  tick: number;
  min_size: number;
}): Pick<TradableMarket, 'tick' | 'minSize'> {
  return { tick: Math.round(row.tick * FULL_SET_PRICE), minSize: Math.round(row.min_size * 100) };
}

/** A market row as the exchange reads it (markets joined to their tokens) made a TradableMarket. */
export interface TradableMarketRow {
  market_id: string;
  condition_id: string;
  tokens: string[];
  neg_risk: boolean;
  tick: number;
  min_size: number;
}

export function tradableMarket(row: TradableMarketRow): TradableMarket {
  return {
    marketId: row.market_id,
    conditionId: row.condition_id,
    tokens: [row.tokens[0]!, row.tokens[1]!],
    negRisk: row.neg_risk,
    ...orderRules(row),
  };
}

/** How long a looked-up market is trusted before it is read again (a sync may close it). */
export const MARKET_TRUST_MS = 2_000;

/**
 * Token id → tradable market, read from the catalog (a two-outcome market, active and not closed; any
 * other token has no book). Cached briefly, negative answers too, so hostile token ids cost one query.
 *
 * Reads are few and shared (with PGlite a query costs ~2-4 ms of the one thread, mostly per statement):
 * lookups that miss the cache in the same turn of the event loop are read together in one query; a
 * token being read is not read twice; the other token of each market comes along; and every query also
 * renews the entries in use that are due soon (`dueSoon`). A hit on an entry past half its trust period
 * asks for that query itself, so entries in use are renewed before they expire and busy markets are
 * never missed (entries read together used to expire together, then miss one turn at a time).
 */
export class MarketRegistry {
  /** Oldest first: an entry read again is moved to the end. */
  private readonly cache = new Map<string, { at: number; value: TokenMarket | null; used: boolean }>();
  /** Tokens being read (queued or in the query under way), with the answer their callers wait for. */
  private readonly reading = new Map<string, Promise<TokenMarket | null>>();
  /** Tokens to read in the next query, with how to answer their callers. */
  private queued = new Map<
    string,
    { resolve: (v: TokenMarket | null) => void; reject: (e: unknown) => void }
  >();
  /** A read is asked for (in the next turn of the event loop). */
  private readAsked = false;
  /** Tokens whose entries a read under way renews. */
  private readonly renewing = new Set<string>();

  constructor(private readonly db: Db) {}

  byToken(tokenId: string): Promise<TokenMarket | null> {
    const hit = this.cache.get(tokenId);
    const age = hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
    if (hit && age < MARKET_TRUST_MS) {
      hit.used = true;
      if (age >= MARKET_TRUST_MS / 2 && !this.renewing.has(tokenId)) this.askRead();
      return Promise.resolve(hit.value);
    }
    const reading = this.reading.get(tokenId);
    if (reading) return reading;
    const answer = new Promise<TokenMarket | null>((resolve, reject) => {
      this.queued.set(tokenId, { resolve, reject });
      this.askRead();
    });
    this.reading.set(tokenId, answer);
    return answer;
  }

  /** One read in the next turn of the event loop, for every miss and renewal asked for meanwhile. */
  private askRead(): void {
    if (this.readAsked) return;
    this.readAsked = true;
    setImmediate(() => {
      this.readAsked = false;
      void this.readQueued();
    });
  }

  /** Drops what is held of these markets' tokens: the next lookup reads the catalog again. */
  forgetMarkets(marketIds: ReadonlySet<string>): void {
    for (const [tokenId, entry] of this.cache)
      if (entry.value && marketIds.has(entry.value.market.marketId)) this.cache.delete(tokenId);
  }

  /**
   * Entries in use past a quarter of their trust period (expired ones are dropped on the way): read
   * again a little early, entries read at nearby times come to be read together (measured: seven reads
   * a second for 200 tokens when only those past half were, one or two with this).
   */
  private dueSoon(now: number): string[] {
    const due: string[] = [];
    for (const [tokenId, entry] of this.cache) {
      const age = now - entry.at;
      if (age < MARKET_TRUST_MS / 4) break;
      if (age >= MARKET_TRUST_MS) this.cache.delete(tokenId);
      else if (entry.used && !this.reading.has(tokenId) && !this.renewing.has(tokenId)) due.push(tokenId);
    }
    return due;
  }

  private store(tokenId: string, at: number, value: TokenMarket | null): void {
    this.cache.delete(tokenId);
    this.cache.set(tokenId, { at, value, used: false });
  }

  private async readQueued(): Promise<void> {
    const queued = this.queued;
    this.queued = new Map();
    const refreshed = this.dueSoon(Date.now());
    if (queued.size === 0 && refreshed.length === 0) return;
    let found: Map<string, TokenMarket>;
    for (const tokenId of refreshed) this.renewing.add(tokenId);
    try {
      found = await this.read([...queued.keys(), ...refreshed]);
    } catch (err) {
      for (const [tokenId, waiter] of queued) {
        this.reading.delete(tokenId);
        waiter.reject(err);
      }
      return;
    } finally {
      for (const tokenId of refreshed) this.renewing.delete(tokenId);
    }
    if (this.cache.size > 100_000) this.cache.clear();
    const at = Date.now();
    for (const tokenId of refreshed) this.store(tokenId, at, found.get(tokenId) ?? null);
    // The other tokens of the same markets: an order on one outcome is often followed by one on the other.
    for (const [tokenId, value] of found) if (!queued.has(tokenId)) this.store(tokenId, at, value);
    for (const [tokenId, waiter] of queued) {
      const value = found.get(tokenId) ?? null;
      this.store(tokenId, at, value);
      this.reading.delete(tokenId);
      waiter.resolve(value);
    }
  }

  /** The tradable markets of these tokens and of the other tokens of their markets (the rest have none). */
  private async read(tokenIds: string[]): Promise<Map<string, TokenMarket>> {
    const found = await rows<TradableMarketRow & { token_id: string; outcome: number; tradable: boolean }>(
      this.db,
      sql`SELECT t.token_id, m.id AS market_id, m.condition_id, m.clob_token_ids AS tokens, m.neg_risk,
                 m.order_price_min_tick_size AS tick, m.order_min_size AS min_size, t.outcome,
                 ${isTradable(sql`m`)} AS tradable
          FROM outcome_tokens t JOIN markets m ON m.id = t.market_id
          WHERE t.market_id IN (
            SELECT asked.market_id FROM outcome_tokens asked
            WHERE asked.token_id = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(tokenIds)}::json))))`,
    );
    const markets = new Map<string, TokenMarket>();
    for (const row of found) {
      if (!row.tradable || (row.outcome !== 0 && row.outcome !== 1)) continue;
      markets.set(row.token_id, { outcome: row.outcome, market: tradableMarket(row) });
    }
    return markets;
  }
}

/** A JSON list of text as a text[] parameter (any characters: market ids are the catalog's text). */
const textArray = (values: readonly string[]) =>
  sql`ARRAY(SELECT json_array_elements_text(${JSON.stringify(values)}::json))`;

/** Of these markets, those the catalog does not let trade now: closed, inactive, not two outcomes, or gone. */
export async function untradable(db: Db, marketIds: readonly string[]): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT asked.id FROM unnest(${textArray(marketIds)}) AS asked(id)
        WHERE NOT EXISTS (SELECT 1 FROM markets m WHERE m.id = asked.id AND ${isTradable(sql`m`)})`,
  );
  return found.map((row) => row.id);
}

/**
 * Markets where a good-till-date order rests with an expiration at most `expiredBy` (unix seconds,
 * gtd.ts), at most `limit`:
 * asked of the database, since another process may hold the book, or none has read it since a start.
 * Only markets that trade: the orders of one the catalog closed go with its book (closedWithLiveOrders),
 * and asking for them again every second would take the writers' turn every second.
 */
export async function dueToExpire(db: Db, expiredBy: number, limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`SELECT DISTINCT market_id AS id FROM (
          SELECT o.market_id FROM exchange_orders o JOIN markets m ON m.id = o.market_id AND ${isTradable(sql`m`)}
          WHERE o.status = 'LIVE' AND o.expiration > 0 AND o.expiration <= ${expiredBy}
          ORDER BY o.expiration LIMIT ${limit}) due`,
  );
  return found.map((row) => row.id);
}

/** How many loads of events the catalog has seen (catalog_loads): a change means markets may have closed or changed tick. */
export async function catalogLoads(db: Db): Promise<number> {
  const [row] = await rows<{ count: string }>(db, sql`SELECT count::text FROM catalog_loads WHERE id = 1`);
  return Number(row?.count ?? 0);
}

/**
 * Markets with live orders that the catalog no longer lets trade (a later import or sync closed them, or
 * dropped them), at most `limit`. The markets with live orders are walked one index probe each (a loose
 * scan of the live orders' index), so the question costs about the same however many orders rest.
 */
export async function closedWithLiveOrders(db: Db, limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`WITH RECURSIVE live(id) AS (
          (SELECT market_id FROM exchange_orders WHERE status = 'LIVE' ORDER BY market_id LIMIT 1)
          UNION ALL
          SELECT (SELECT o.market_id FROM exchange_orders o
                  WHERE o.status = 'LIVE' AND o.market_id > live.id ORDER BY o.market_id LIMIT 1)
          FROM live WHERE live.id IS NOT NULL)
        SELECT live.id FROM live
        WHERE live.id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM markets m WHERE m.id = live.id AND ${isTradable(sql`m`)})
        LIMIT ${limit}`,
  );
  return found.map((row) => row.id);
}
