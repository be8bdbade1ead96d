import {
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { markets } from './catalog';

/** Raw bytes (packed series): drizzle has no bytea helper; both drivers hand back a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Every outcome token of the catalog with its market and outcome index: the lookup behind
 * /prices-history (a token's market, its current price, its sibling). Derived from markets
 * (rebuilt for the events a load writes; cascades with them), so it never holds a token the
 * catalog does not show.
 */
export const outcomeTokens = pgTable(
  'outcome_tokens',
  {
    tokenId: text('token_id').primaryKey(),
    marketId: text('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    outcome: smallint('outcome').notNull(),
  },
  (t) => [index('outcome_tokens_market_idx').on(t.marketId)],
);

/**
 * Price history, one row per token and UTC week (docs/price-history.md, "Storage"). Not tied
 * to the markets by a foreign key: re-importing an event replaces its markets but keeps the
 * history of its tokens.
 *
 * `prices` packs the week's points as little-endian uint16 in ten-thousandths (0…10000). Points on
 * a regular grid (generated data) are `start_ts + i * step_s`; irregular points (imports) have
 * `step_s = 0` and their times in `offsets`, little-endian uint32 seconds after `start_ts`.
 * A two-outcome market may store one side only: the other is 1 − it, exactly.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    tokenId: text('token_id').notNull(),
    /** Whole weeks since the Unix epoch (UTC): week w covers [w·604800, (w+1)·604800). */
    week: integer('week').notNull(),
    startTs: integer('start_ts').notNull(),
    stepS: integer('step_s').notNull(),
    prices: bytea('prices').notNull(),
    offsets: bytea('offsets'),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.week] })],
);

/**
 * Each stored series' price 24 hours before its latest point (or its first point, when younger):
 * with the catalog's current price it gives a market's `oneDayPriceChange` without reading the
 * series on every list. Written with the series (store.ts writeSeries).
 */
export const priceMarks = pgTable('price_marks', {
  tokenId: text('token_id').primaryKey(),
  dayAgoPrice: doublePrecision('day_ago_price').notNull(),
});
