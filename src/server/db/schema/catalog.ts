import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const id = (name: string) => bigint(name, { mode: 'bigint' });

export const events = pgTable(
  'events',
  {
    id: id('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull(),
    closed: boolean('closed').notNull(),
    liquidity: doublePrecision('liquidity').notNull().default(0),
    volume: doublePrecision('volume').notNull().default(0),
    volume24hr: doublePrecision('volume24hr').notNull().default(0),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'string' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'string' }).notNull(),
    image: text('image').notNull().default(''),
    /**
     * |oneDayPriceChange| of the event's leading market (the Movers list, order `move24hr`): kept by
     * writeEventDocuments beside the event's document (event-documents.ts).
     */
    move24hr: doublePrecision('move24hr').notNull().default(0),
  },
  // Ascending indexes: Postgres scans them backwards for DESC (see TOOLCHAIN: NULLS clause pitfall).
  (t) => [
    index('events_volume_idx').on(t.volume, t.id),
    index('events_volume24hr_idx').on(t.volume24hr, t.id),
    index('events_liquidity_idx').on(t.liquidity, t.id),
    index('events_move24hr_idx').on(t.move24hr, t.id),
    // The Movers list (move24hr descending, ties by id ascending) as one ascending scan: most events
    // tie at 0, and a page deep in that tie seeks to its id (repository.ts, EVENT_KEY).
    index('events_move24hr_desc_idx').on(sql`(-${t.move24hr})`, t.id),
    index('events_start_date_idx').on(t.startDate, t.id),
    index('events_end_date_idx').on(t.endDate, t.id),
    index('events_title_lower_idx').on(sql`lower(${t.title})`, t.id),
    index('events_active_closed_volume_idx').on(t.active, t.closed, t.volume, t.id),
    // Closed recently (closed=true, endDate descending): with the closed flag first, a page deep in the
    // list reads its own 100 entries; on events_end_date_idx the planner sorted every closed event
    // before the position (27 ms → 0.4 ms, 100,000 events).
    index('events_closed_end_date_idx').on(t.closed, t.endDate, t.id),
    // `q` (ILIKE '%…%' on the title): a trigram index turns the count's full scan into a bitmap scan.
    index('events_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const markets = pgTable(
  'markets',
  {
    id: text('id').primaryKey(),
    eventId: id('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    conditionId: text('condition_id').notNull(),
    /** Served as-is: the JSON-encoded string of outcome names. */
    outcomes: text('outcomes').notNull(),
    /** Served as-is: the JSON-encoded string of price strings (kept digit for digit). */
    outcomePrices: text('outcome_prices').notNull(),
    clobTokenIds: text('clob_token_ids').array().notNull(),
    slug: text('slug').notNull(),
    active: boolean('active').notNull(),
    closed: boolean('closed').notNull(),
    description: text('description').notNull().default(''),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'string' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'string' }).notNull(),
    image: text('image').notNull().default(''),
    volume: doublePrecision('volume').notNull().default(0),
    liquidity: doublePrecision('liquidity').notNull().default(0),
    marketMakerAddress: text('market_maker_address').notNull().default(''),
    negRisk: boolean('neg_risk').notNull().default(false),
    groupItemTitle: text('group_item_title').notNull().default(''),
    /**
     * The first outcome's price 24 hours before its history's latest point (null without history):
     * a copy of price_marks kept by catalog/market-marks.ts, so a list reads it with the row instead of
     * looking up a 78-digit token per market (a page of 600 markets: ~10 ms of PGlite time).
     */
    dayAgoPrice: doublePrecision('day_ago_price'),
    /** The order book's best bid and ask and last trade of outcome 0 (null: none), kept by the exchange. */
    bestBid: doublePrecision('best_bid'),
    bestAsk: doublePrecision('best_ask'),
    lastTradePrice: doublePrecision('last_trade_price'),
    /**
     * The exchange's version (writer.ts) of the book those three were taken from: with several
     * processes, a follower's flush of an older book must not overwrite a newer one (catalog-follower.ts).
     */
    quoteVersion: bigint('quote_version', { mode: 'number' }).notNull().default(0),
    /**
     * The order book's price tick and minimum resting size in shares (the reference's
     * orderPriceMinTickSize and orderMinSize), as the import normalised them: the exchange enforces these.
     */
    orderPriceMinTickSize: doublePrecision('order_price_min_tick_size').notNull().default(0.01),
    orderMinSize: doublePrecision('order_min_size').notNull().default(5),
  },
  // Market ids are text; they sort as numbers do (shorter first, then by digits, byte order), so
  // every ordering index ends with that pair for keyset pages (repository.ts MARKET_ID_ORDER).
  (t) => [
    index('markets_event_idx').on(t.eventId, t.position),
    index('markets_slug_idx').on(t.slug),
    index('markets_id_order_idx').on(sql`length(${t.id})`, sql`${t.id} COLLATE "C"`),
    index('markets_volume_idx').on(t.volume, sql`length(${t.id})`, sql`${t.id} COLLATE "C"`),
    index('markets_liquidity_idx').on(t.liquidity, sql`length(${t.id})`, sql`${t.id} COLLATE "C"`),
    index('markets_start_date_idx').on(t.startDate, sql`length(${t.id})`, sql`${t.id} COLLATE "C"`),
    index('markets_end_date_idx').on(t.endDate, sql`length(${t.id})`, sql`${t.id} COLLATE "C"`),
    index('markets_condition_idx').on(t.conditionId),
    index('markets_tokens_idx').using('gin', t.clobTokenIds),
    // A tick both reference clients can round orders to (contract/trading.ts TICK_SIZES).
    check('markets_order_tick', sql`${t.orderPriceMinTickSize} IN (0.1, 0.01, 0.001, 0.0001)`),
    check('markets_order_min_size', sql`${t.orderMinSize} >= 0`),
  ],
);

export const tags = pgTable('tags', {
  id: id('id').primaryKey(),
  label: text('label').notNull(),
  slug: text('slug').notNull().unique(),
});

export const eventTags = pgTable(
  'event_tags',
  {
    eventId: id('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    tagId: id('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.tagId] }), index('event_tags_tag_idx').on(t.tagId, t.eventId)],
);

export const series = pgTable('series', {
  id: id('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
});

export const eventSeries = pgTable(
  'event_series',
  {
    eventId: id('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    seriesId: id('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.seriesId] }),
    index('event_series_series_idx').on(t.seriesId, t.eventId),
  ],
);

/**
 * Each event as the catalog serves it (with its markets, tags and series) as JSON text, written by
 * catalog/event-documents.ts whenever the event or anything it shows changes: a page of events reads
 * one row per event, and its text goes into the response as it is. `version` is the shape's version;
 * the server rewrites documents of another version (or missing ones) when it starts.
 */
export const eventDocuments = pgTable('event_documents', {
  eventId: id('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  body: text('body').notNull(),
});

/**
 * The key that signs keyset cursors (docs/api.md §9), made once by whichever process needs it first
 * and shared by every process on the database, so a cursor from one answers on another and after a
 * restart. It guards positions in public data, not secrets: a copy of the database may forge cursors.
 */
export const cursorKeys = pgTable('cursor_keys', {
  id: text('id').primaryKey(),
  key: text('key').notNull(),
});

/**
 * One row (id 1) counting the loads of events (server/catalog/load.ts: imports, syncs, generated
 * catalogs), bumped in each load's transaction. What depends on which markets exist or are open reads
 * it to learn cheaply, from any process, that a load happened: the exchange then announces ticks it
 * changed and looks for markets that stopped being tradable while orders rest on them (docs/exchange.md,
 * "Markets that close").
 */
export const catalogLoads = pgTable('catalog_loads', {
  id: smallint('id').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
});

/**
 * Ticks a load of events changed (server/catalog/load.ts), written in the load's transaction with the
 * tick the market had before; the exchange's writer takes them out in its turn and announces them on
 * the market channel (`tick_size_change`, docs/exchange.md "Markets that close"). The catalog keeps no
 * other record of a market's earlier tick.
 */
export const marketTickChanges = pgTable('market_tick_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  marketId: text('market_id').notNull(),
  oldTick: doublePrecision('old_tick').notNull(),
});

/**
 * Where a `catalog sync` from a source stands (src/catalog-tools/sync.ts), written in the transaction
 * of each page it loads, so a sync killed at any moment resumes after its last loaded page.
 */
export const syncProgress = pgTable('sync_progress', {
  source: text('source').primaryKey(),
  /** `events` or `histories`: the step under way. */
  phase: text('phase').notNull(),
  /** The next page's cursor (keyset), offset (offset pages) or the last token done (histories). */
  position: text('position').notNull(),
  /** Items loaded so far in this phase. */
  done: integer('done').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * Present while the catalog is the generated demo (the server's first start, or `catalog generate`),
 * removed by anything that brings real data (`import`, `sync`, `import-history`). What it decides: the
 * demo's price histories are continued to the present at each start, and the demo traders run by
 * default (DEMO_TRADERS). One row at most.
 */
export const demoCatalog = pgTable(
  'demo_catalog',
  {
    id: smallint('id').primaryKey().default(1),
    /** The generator's seed: the walks that continue the histories are drawn from it. */
    seed: text('seed').notNull(),
    /** Events generated: a large catalog's histories have coarser steps (demo-history.ts). */
    events: integer('events').notNull(),
    /**
     * No open series needs a new point before this unix second (history-to-now.ts): a start before it
     * skips the catch-up. Null: unknown, the next start looks at every series.
     */
    historyDueAt: bigint('history_due_at', { mode: 'number' }),
    generatedAt: timestamp('generated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  () => [check('demo_catalog_one_row', sql`id = 1`)],
);

/**
 * Per open demo event, when one of its series next needs a point (history-to-now.ts): a start reads
 * only the events due by then. Valid while demo_catalog.history_due_at is set (that is its minimum).
 */
export const demoHistoryDue = pgTable(
  'demo_history_due',
  {
    eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
    /** Unix seconds. */
    dueAt: bigint('due_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('demo_history_due_at_idx').on(t.dueAt)],
);
