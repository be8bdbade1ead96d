import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The exchange's tables (docs/exchange.md). Amounts are integers: collateral and token balances in base
 * units (6 decimals), order sizes in centishares (1/100 share = 10,000 base units), prices in 1/10,000
 * USDC per share in the order's own outcome. Not tied to the catalog by foreign keys: re-importing an
 * event replaces its market rows, but orders, trades and balances stay.
 */
const int64 = (name: string) => bigint(name, { mode: 'number' });

/** Every order the exchange acknowledged, with what is left of it. Its id is its EIP-712 hash. */
export const exchangeOrders = pgTable(
  'exchange_orders',
  {
    id: text('id').primaryKey(),
    /** Acknowledgement order across the exchange: time priority within a price level. */
    seq: int64('seq').notNull(),
    marketId: text('market_id').notNull(),
    tokenId: text('token_id').notNull(),
    outcome: smallint('outcome').notNull(),
    /** Lower-case address of the wallet that signed it. */
    maker: text('maker').notNull(),
    /** The API key that placed it (the reference's `owner`). */
    owner: text('owner').notNull(),
    side: text('side').notNull(),
    price: integer('price').notNull(),
    originalSize: int64('original_size').notNull(),
    remaining: int64('remaining').notNull(),
    timeInForce: text('time_in_force').notNull(),
    postOnly: boolean('post_only').notNull(),
    expiration: int64('expiration').notNull(),
    /** LIVE while it rests; then MATCHED, CANCELED or EXPIRED. */
    status: text('status').notNull(),
    /**
     * The signed order as posted (its amounts, salt, signature…), as JSON text: kept as the record of what
     * was signed, never queried (text, not jsonb: nothing to parse on the writer's insert).
     */
    signed: text('signed').notNull(),
    createdAt: int64('created_at').notNull(),
  },
  (t) => [
    index('exchange_orders_live_market_idx').on(t.marketId, t.seq).where(sql`status = 'LIVE'`),
    index('exchange_orders_maker_idx').on(t.maker, t.seq),
    // The expiry sweep's question (markets.ts dueToExpire): only good-till-date orders have an entry.
    index('exchange_orders_expiring_idx').on(t.expiration).where(sql`status = 'LIVE' AND expiration > 0`),
  ],
);

/**
 * One row per match between an incoming (taker) order and one resting (maker) order. Both parties are
 * stated in their own terms; `kind` says whether sets were minted or merged.
 */
export const exchangeFills = pgTable(
  'exchange_fills',
  {
    seq: int64('seq').primaryKey(),
    /** The taker order's trade id: every fill one incoming order made shares it. */
    tradeId: text('trade_id').notNull(),
    marketId: text('market_id').notNull(),
    kind: text('kind').notNull(),
    size: int64('size').notNull(),
    matchTime: int64('match_time').notNull(),
    takerOrderId: text('taker_order_id').notNull(),
    takerAddress: text('taker_address').notNull(),
    takerOwner: text('taker_owner').notNull(),
    takerOutcome: smallint('taker_outcome').notNull(),
    takerSide: text('taker_side').notNull(),
    takerPrice: integer('taker_price').notNull(),
    makerOrderId: text('maker_order_id').notNull(),
    makerAddress: text('maker_address').notNull(),
    makerOwner: text('maker_owner').notNull(),
    makerOutcome: smallint('maker_outcome').notNull(),
    makerSide: text('maker_side').notNull(),
    makerPrice: integer('maker_price').notNull(),
  },
  (t) => [
    index('exchange_fills_taker_idx').on(t.takerAddress, t.seq),
    index('exchange_fills_maker_idx').on(t.makerAddress, t.seq),
    // An order's trades (GET /data/orders, /data/order/:id): without these, each listed order scanned
    // every fill. A trade's fills are found by their taker order too: a trade is one taker order's
    // matches (one trade id each), so an index of trade ids would only repeat this one.
    index('exchange_fills_taker_order_idx').on(t.takerOrderId),
    index('exchange_fills_maker_order_idx').on(t.makerOrderId),
    // A market's latest fills (GET /live-activity/events/{condition_id}, the dashboard's tape).
    index('exchange_fills_market_idx').on(t.marketId, t.seq),
  ],
);

/**
 * Balances per address and asset (`collateral`, or an outcome token id), in base units. `reserved` is
 * what resting orders hold; what an order may use is `balance − reserved`. The checks are the last line
 * of defence: a bug that would overdraw aborts its whole transaction instead.
 */
export const exchangeBalances = pgTable(
  'exchange_balances',
  {
    address: text('address').notNull(),
    asset: text('asset').notNull(),
    balance: int64('balance').notNull(),
    reserved: int64('reserved').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.asset] }),
    check('exchange_balances_covered', sql`${t.reserved} >= 0 AND ${t.balance} >= ${t.reserved}`),
  ],
);

/**
 * Every credit of paper collateral (the sign-up grant, an operator's `exchange fund`). Σ credits equals
 * Σ collateral balances plus the collateral locked in sets outstanding, at every commit.
 */
export const exchangeLedger = pgTable(
  'exchange_ledger',
  {
    id: int64('id').primaryKey().generatedAlwaysAsIdentity(),
    address: text('address').notNull(),
    amount: int64('amount').notNull(),
    /** `grant` (once per address, on its first API key) or `fund` (operator). */
    reason: text('reason').notNull(),
    createdAt: int64('created_at').notNull(),
  },
  (t) => [
    index('exchange_ledger_address_idx').on(t.address),
    uniqueIndex('exchange_ledger_one_grant_idx').on(t.address).where(sql`reason = 'grant'`),
  ],
);

/** Per market: sets outstanding (minted − merged, in base units) and traded notional. */
export const exchangeMarkets = pgTable('exchange_markets', {
  marketId: text('market_id').primaryKey(),
  sets: int64('sets').notNull().default(0),
  /** Σ collateral that changed hands, in base units (the catalog's volume grows by it). */
  notional: int64('notional').notNull().default(0),
  /** The last trade's price of outcome 0 (1/10,000), or null before any trade. */
  lastPrice: integer('last_price'),
  lastSide: text('last_side'),
});

/**
 * One row (id 1): the writers' turn. Every commit that changes the exchange bumps `version` and names its
 * `writer`; the row lock serialises writers across processes, and a writer that finds a version it did
 * not write knows its in-memory books and balances are stale.
 */
export const exchangeState = pgTable('exchange_state', {
  id: smallint('id').primaryKey(),
  version: int64('version').notNull(),
  writer: text('writer').notNull(),
  /** The last sequence number handed to an order or fill. */
  seq: int64('seq').notNull(),
});

/**
 * Each API key's heartbeat chain (POST /v1/heartbeats, heartbeats.ts): while one runs, its address's
 * live orders are cancelled once `deadline` passes without a heartbeat. A lapsed chain keeps its row
 * (`lapsedAt`), so a late heartbeat is told what happened; a new chain replaces it.
 */
export const exchangeHeartbeats = pgTable(
  'exchange_heartbeats',
  {
    apiKey: text('api_key').primaryKey(),
    address: text('address').notNull(),
    heartbeatId: text('heartbeat_id').notNull(),
    /** Unix seconds: the chain lapses when the exchange's clock reaches it. */
    deadline: int64('deadline').notNull(),
    /** Unix seconds: when the chain lapsed (its deadline), once its orders were cancelled. */
    lapsedAt: int64('lapsed_at'),
  },
  (t) => [index('exchange_heartbeats_due_idx').on(t.deadline).where(sql`lapsed_at IS NULL`)],
);
