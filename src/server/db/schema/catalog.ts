import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
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
  },
  // Ascending indexes: Postgres scans them backwards for DESC (see TOOLCHAIN: NULLS clause pitfall).
  (t) => [
    index('events_volume_idx').on(t.volume, t.id),
    index('events_volume24hr_idx').on(t.volume24hr, t.id),
    index('events_liquidity_idx').on(t.liquidity, t.id),
    index('events_start_date_idx').on(t.startDate, t.id),
    index('events_end_date_idx').on(t.endDate, t.id),
    index('events_title_lower_idx').on(sql`lower(${t.title})`, t.id),
    index('events_active_closed_volume_idx').on(t.active, t.closed, t.volume, t.id),
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
  },
  (t) => [index('markets_event_idx').on(t.eventId, t.position)],
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
