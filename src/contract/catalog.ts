import { z } from 'zod';

/** Numeric ids travel as decimal strings (docs/api.md, "Resources"). */
export const NumericId = z.string().regex(/^(0|[1-9][0-9]*)$/);

export const Tag = z.object({
  id: NumericId,
  label: z.string(),
  slug: z.string(),
});
export type Tag = z.infer<typeof Tag>;

/**
 * A tag with how many events carry it: all of them, and the active ones (active and not closed: what
 * its list shows first, so a chip's count matches the page it opens).
 */
export const TagWithCount = Tag.extend({
  eventCount: z.number().int().nonnegative(),
  activeEventCount: z.number().int().nonnegative(),
});
export type TagWithCount = z.infer<typeof TagWithCount>;

export const Series = z.object({
  id: NumericId,
  slug: z.string(),
  title: z.string(),
});
export type Series = z.infer<typeof Series>;

export const Market = z.object({
  id: z.string(),
  question: z.string(),
  conditionId: z.string().regex(/^0x[0-9a-fA-F]+$/),
  /** JSON array of outcome names, encoded as a string. */
  outcomes: z.string(),
  /** JSON array of decimal price strings, encoded as a string. */
  outcomePrices: z.string(),
  clobTokenIds: z.array(z.string()),
  // The reference clients' market fields (docs/api.md §9): their schemas require marketMakerAddress.
  slug: z.string(),
  active: z.boolean(),
  closed: z.boolean(),
  description: z.string(),
  startDate: z.string().describe('ISO 8601 UTC'),
  endDate: z.string().describe('ISO 8601 UTC'),
  image: z.string(),
  /** USD as a decimal string, as the reference serves it; `volumeNum` is the same as a number. */
  volume: z.string(),
  volumeNum: z.number(),
  liquidity: z.string(),
  liquidityNum: z.number(),
  /** `""` when the market has none (order-book markets). */
  marketMakerAddress: z.string(),
  negRisk: z.boolean(),
  /** The market's short name inside a multi-market event (`"50+ bps"`), `""` when it has none. */
  groupItemTitle: z.string(),
  /**
   * The order book's price tick and minimum size of a resting order (shares), as the exchange enforces
   * them (the reference's names; docs/exchange.md, "Units").
   */
  orderPriceMinTickSize: z.number(),
  orderMinSize: z.number(),
  /** The first outcome's price change over the last 24 hours of its history (price units); absent without history. */
  oneDayPriceChange: z.number().optional(),
  /** Outcome 0's best bid and ask on the order book, their difference, and its last trade (absent when none). */
  bestBid: z.number().optional(),
  bestAsk: z.number().optional(),
  spread: z.number().optional(),
  lastTradePrice: z.number().optional(),
});
export type Market = z.infer<typeof Market>;

/** A market's tick and minimum size when its source names none (the reference's defaults). */
export const DEFAULT_ORDER_TICK = 0.01;
export const DEFAULT_ORDER_MIN_SIZE = 5;

export const Event = z.object({
  id: NumericId,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  active: z.boolean(),
  closed: z.boolean(),
  liquidity: z.number(),
  volume: z.number(),
  volume24hr: z.number(),
  startDate: z.string().describe('ISO 8601 UTC'),
  endDate: z.string().describe('ISO 8601 UTC'),
  image: z.string(),
  tags: z.array(Tag),
  series: z.array(Series),
  markets: z.array(Market).min(1),
});
export type Event = z.infer<typeof Event>;

/** A market served on its own (`/markets`): with the event it belongs to, as the reference nests it. */
export const MarketWithEvent = Market.extend({
  events: z.array(z.object({ id: NumericId, slug: z.string(), title: z.string() })).length(1),
});
export type MarketWithEvent = z.infer<typeof MarketWithEvent>;

/** Fields `order` accepts (docs/api.md §6). */
export const ORDER_FIELDS = [
  'volume',
  'volume24hr',
  'liquidity',
  'startDate',
  'endDate',
  'id',
  'title',
  // An extension (docs/api.md §6): the 24-hour move of the event's leading outcome, |oneDayPriceChange|.
  'move24hr',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

export const EVENTS_MAX_LIMIT = 100;
export const EVENTS_DEFAULT_LIMIT = 20;
