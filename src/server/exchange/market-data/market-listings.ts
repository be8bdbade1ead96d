import { sql } from 'drizzle-orm';
import {
  type ClobMarket,
  type ClobMarketInfo,
  MARKETS_PAGE_SIZE,
  type MarketByToken,
  type SimplifiedMarket,
} from '../../../contract/trading';
import { type Db, rows } from '../../db/open';
import { outcomeName } from '../account/queries';
import { hasConditionId, isTradable } from '../markets';

/**
 * The catalog's markets in the reference's trading-interface shape, for the legacy client's
 * `getMarkets`, `getMarket`, `getSimplifiedMarkets` and the sampling lists, and the SDK's
 * `fetchMarketInfo` and `resolveConditionByToken` (docs/api.md). The catalog
 * stays the source of every figure; what the reference has and this service does not (rewards, fees,
 * resolution, question ids) is there, empty.
 */

interface MarketRow {
  condition_id: string;
  question: string;
  description: string;
  slug: string;
  end_date: string;
  image: string;
  neg_risk: boolean;
  active: boolean;
  closed: boolean;
  tradable: boolean;
  tokens: string[];
  outcomes: string;
  outcome_prices: string;
  min_size: number;
  tick: number;
  fpmm: string;
  tags: string[] | null;
}

const COLUMNS = sql`m.condition_id, m.question, m.description, m.slug, m.end_date::text, m.image, m.neg_risk,
  m.active, m.closed, ${isTradable(sql`m`)} AS tradable, m.clob_token_ids AS tokens, m.outcomes,
  m.outcome_prices, m.order_min_size AS min_size, m.order_price_min_tick_size AS tick,
  m.market_maker_address AS fpmm,
  ARRAY(SELECT t.label FROM event_tags et JOIN tags t ON t.id = et.tag_id
        WHERE et.event_id = m.event_id ORDER BY et.position) AS tags`;

function pricesOf(text: string): unknown[] {
  try {
    const prices = JSON.parse(text) as unknown;
    return Array.isArray(prices) ? prices : [];
  } catch {
    return [];
  }
}

function simplified(row: MarketRow): SimplifiedMarket {
  const prices = pricesOf(row.outcome_prices);
  return {
    condition_id: row.condition_id,
    rewards: { rates: null, min_size: 0, max_spread: 0 },
    tokens: row.tokens.map((token_id, i) => ({
      token_id,
      outcome: outcomeName(row.outcomes, i),
      price: Number(prices[i] ?? 0) || 0,
      winner: false,
    })),
    active: row.active,
    closed: row.closed,
    archived: false,
    accepting_orders: row.tradable,
  };
}

function market(row: MarketRow): ClobMarket {
  return {
    ...simplified(row),
    enable_order_book: row.tradable,
    accepting_order_timestamp: null,
    minimum_order_size: row.min_size,
    minimum_tick_size: row.tick,
    question_id: '',
    question: row.question,
    description: row.description,
    market_slug: row.slug,
    // ISO 8601 to the second, as the reference writes it.
    end_date_iso: new Date(row.end_date).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    game_start_time: null,
    seconds_delay: 0,
    fpmm: row.fpmm,
    maker_base_fee: 0,
    taker_base_fee: 0,
    notifications_enabled: false,
    neg_risk: row.neg_risk,
    neg_risk_market_id: '',
    neg_risk_request_id: '',
    icon: row.image,
    image: row.image,
    is_50_50_outcome: false,
    tags: row.tags ?? [],
  };
}

/** Which markets a list holds: every market of the catalog, or only those taking orders (the sampling lists). */
export type MarketListing = 'all' | 'tradable';

async function page(db: Db, listing: MarketListing, offset: number) {
  const found = await rows<MarketRow>(
    db,
    sql`SELECT ${COLUMNS} FROM markets m
        ${listing === 'tradable' ? sql`WHERE ${isTradable(sql`m`)}` : sql``}
        ORDER BY length(m.id), m.id COLLATE "C" LIMIT ${MARKETS_PAGE_SIZE + 1} OFFSET ${offset}`,
  );
  return { rows: found.slice(0, MARKETS_PAGE_SIZE), more: found.length > MARKETS_PAGE_SIZE };
}

/** A page of markets in the catalog's order (by id), whole. */
export async function marketsPage(db: Db, listing: MarketListing, offset: number) {
  const found = await page(db, listing, offset);
  return { items: found.rows.map(market), more: found.more };
}

/** A page of markets in the catalog's order (by id), simplified. */
export async function simplifiedMarketsPage(db: Db, listing: MarketListing, offset: number) {
  const found = await page(db, listing, offset);
  return { items: found.rows.map(simplified), more: found.more };
}

async function rowByCondition(db: Db, conditionId: string): Promise<MarketRow | undefined> {
  const [row] = await rows<MarketRow>(
    db,
    sql`SELECT ${COLUMNS} FROM markets m WHERE ${hasConditionId(sql`m`, conditionId)}
        ORDER BY length(m.id), m.id COLLATE "C" LIMIT 1`,
  );
  return row;
}

/** The market of a condition id, or null. */
export async function marketByCondition(db: Db, conditionId: string): Promise<ClobMarket | null> {
  const row = await rowByCondition(db, conditionId);
  return row ? market(row) : null;
}

/**
 * A market's trading parameters in the reference's short keys, or null. The SDK reads the tokens and
 * the fee curve (`fd`) to size a market buy with `maxSpend`: no fees here, so a rate of 0.
 */
export async function marketInfoByCondition(db: Db, conditionId: string): Promise<ClobMarketInfo | null> {
  const row = await rowByCondition(db, conditionId);
  if (!row) return null;
  return {
    gst: null,
    r: {},
    t: row.tokens.map((t, i) => ({ t, o: outcomeName(row.outcomes, i) })),
    mos: row.min_size,
    mts: row.tick,
    mbf: 0,
    tbf: 0,
    rfqe: false,
    ibce: false,
    fd: { r: 0, e: 0, to: false },
    oas: 0,
  };
}

/** The market of any outcome token of the catalog (open or not), or null. */
export async function marketByToken(db: Db, tokenId: string): Promise<MarketByToken | null> {
  const [row] = await rows<{ condition_id: string; tokens: string[] }>(
    db,
    sql`SELECT m.condition_id, m.clob_token_ids AS tokens
        FROM outcome_tokens t JOIN markets m ON m.id = t.market_id WHERE t.token_id = ${tokenId}`,
  );
  if (!row) return null;
  return {
    condition_id: row.condition_id,
    primary_token_id: row.tokens[0] ?? '',
    secondary_token_id: row.tokens[1] ?? '',
  };
}
