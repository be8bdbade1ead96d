import { sql } from 'drizzle-orm';
import type { MakerOrder, OpenOrder, Trade } from '../../../contract/trading';
import { type Db, rows } from '../../db/open';
import { arrayParam } from '../../db/prepared';
import { transactionHashOf } from '../writer';
import { hasConditionId } from '../markets';
import { BASE_PER_CENTISHARE, COLLATERAL, priceText, sizeText } from '../units';
import { costBasis, type OwnFill } from './average-cost';
import type { Side } from '../../../engine/types';

/**
 * An account's orders, trades, balances and positions as committed (docs/api.md, the order book), in the
 * reference's shapes. Reads go to the database, so every server process answers the same.
 */

/** Rows per page of /data/orders and /data/trades. */
export const PAGE_SIZE = 100;

interface OrderRow {
  id: string;
  seq: string;
  status: string;
  owner: string;
  maker: string;
  condition_id: string | null;
  token_id: string;
  outcome: number;
  outcomes: string | null;
  side: 'BUY' | 'SELL';
  original_size: string;
  remaining: string;
  price: number;
  time_in_force: OpenOrder['order_type'];
  expiration: string;
  created_at: string;
  trades: string[] | null;
}

const ORDER_COLUMNS = sql`o.id, o.seq::text, o.status, o.owner, o.maker, m.condition_id, o.token_id, o.outcome, m.outcomes, o.side,
  o.original_size::text, o.remaining::text, o.price, o.time_in_force, o.expiration::text, o.created_at::text,
  ARRAY(SELECT DISTINCT f.trade_id FROM exchange_fills f WHERE f.taker_order_id = o.id OR f.maker_order_id = o.id) AS trades`;

export function outcomeName(outcomes: string | null, index: number): string {
  try {
    const names = JSON.parse(outcomes ?? '[]') as unknown[];
    return typeof names[index] === 'string' ? names[index] : index === 0 ? 'Yes' : 'No';
  } catch {
    return index === 0 ? 'Yes' : 'No';
  }
}

function openOrderOf(row: OrderRow): OpenOrder {
  const original = Number(row.original_size);
  return {
    id: row.id,
    status: row.status === 'LIVE' ? 'LIVE' : row.status === 'MATCHED' ? 'MATCHED' : 'CANCELED',
    owner: row.owner,
    maker_address: row.maker,
    market: row.condition_id ?? `0x${'0'.repeat(64)}`,
    asset_id: row.token_id,
    side: row.side,
    original_size: sizeText(original),
    size_matched: sizeText(original - Number(row.remaining)),
    price: priceText(row.price),
    associate_trades: row.trades ?? [],
    outcome: outcomeName(row.outcomes, row.outcome),
    created_at: Number(row.created_at),
    expiration: row.expiration,
    order_type: row.time_in_force,
  };
}

export interface OrderFilters {
  id?: string | undefined;
  market?: string | undefined;
  asset_id?: string | undefined;
}

/** The live (resting) orders of an address, oldest first, a page from past position `after` (paging.ts). */
export async function openOrders(db: Db, address: string, filters: OrderFilters, after: string | null) {
  const found = await rows<OrderRow>(
    db,
    sql`SELECT ${ORDER_COLUMNS} FROM exchange_orders o LEFT JOIN markets m ON m.id = o.market_id
        WHERE o.maker = ${address} AND o.status = 'LIVE'
        ${filters.id ? sql`AND o.id = ${filters.id.toLowerCase()}` : sql``}
        ${filters.market ? sql`AND ${hasConditionId(sql`m`, filters.market)}` : sql``}
        ${filters.asset_id ? sql`AND o.token_id = ${filters.asset_id}` : sql``}
        ${after ? sql`AND o.seq > ${after}::bigint` : sql``}
        ORDER BY o.seq LIMIT ${PAGE_SIZE + 1}`,
  );
  const listed = found.slice(0, PAGE_SIZE);
  return { items: listed.map(openOrderOf), more: found.length > PAGE_SIZE, last: listed.at(-1)?.seq ?? null };
}

/** One order of an address, whatever its status. */
export async function orderById(db: Db, address: string, id: string): Promise<OpenOrder | null> {
  const [row] = await rows<OrderRow>(
    db,
    sql`SELECT ${ORDER_COLUMNS} FROM exchange_orders o LEFT JOIN markets m ON m.id = o.market_id
        WHERE o.id = ${id.toLowerCase()} AND o.maker = ${address}`,
  );
  return row ? openOrderOf(row) : null;
}

interface FillRow {
  trade_id: string;
  seq: string;
  match_time: string;
  taker_order_id: string;
  taker_address: string;
  taker_owner: string;
  taker_outcome: number;
  taker_side: 'BUY' | 'SELL';
  taker_price: number;
  maker_order_id: string;
  maker_address: string;
  maker_owner: string;
  maker_outcome: number;
  maker_side: 'BUY' | 'SELL';
  maker_price: number;
  size: string;
  condition_id: string | null;
  tokens: string[] | null;
  outcomes: string | null;
}

export interface TradeFilters extends OrderFilters {
  maker_address?: string | undefined;
  before?: string | undefined;
  after?: string | undefined;
}

/**
 * The trades an address took part in, newest first: each one incoming order's matches, described from
 * the taker's side with every maker order it met (the reference's shape). A page from before position
 * `before` (paging.ts): a trade's position is its last fill's, and a trade never gains fills later.
 */
export async function tradesOf(db: Db, address: string, filters: TradeFilters, before: string | null) {
  // A trade's `maker_address` is the caller's own (the maker of the caller's order, taker or maker side):
  // the reference's examples ask for their own trades with it, so it filters nothing else.
  if (filters.maker_address && filters.maker_address.toLowerCase() !== address)
    return { items: [] as Trade[], more: false, last: null };
  // A trade is one taker order's matches, under one trade id: its fills are read by that order's id, whose
  // index also serves the orders' own trades (migration 0022; the invariant in test/invariants.ts).
  const page = await rows<{ trade_id: string; taker_order_id: string; last: string }>(
    db,
    sql`SELECT f.trade_id, f.taker_order_id, max(f.seq)::text AS last FROM exchange_fills f LEFT JOIN markets m ON m.id = f.market_id
        WHERE (f.taker_address = ${address} OR f.maker_address = ${address})
        ${filters.id ? sql`AND f.trade_id = ${filters.id}` : sql``}
        ${filters.market ? sql`AND ${hasConditionId(sql`m`, filters.market)}` : sql``}
        ${filters.asset_id ? sql`AND m.clob_token_ids[f.taker_outcome + 1] = ${filters.asset_id}` : sql``}
        ${filters.before ? sql`AND f.match_time < ${Number(filters.before)}` : sql``}
        ${filters.after ? sql`AND f.match_time > ${Number(filters.after)}` : sql``}
        GROUP BY f.trade_id, f.taker_order_id ${before ? sql`HAVING max(f.seq) < ${before}::bigint` : sql``}
        ORDER BY max(f.seq) DESC LIMIT ${PAGE_SIZE + 1}`,
  );
  const listed = page.slice(0, PAGE_SIZE);
  const ids = listed.map((p) => p.trade_id);
  if (ids.length === 0) return { items: [] as Trade[], more: false, last: null };
  const fills = await rows<FillRow>(
    db,
    sql`SELECT f.trade_id, f.seq::text, f.match_time::text, f.taker_order_id, f.taker_address, f.taker_owner,
               f.taker_outcome, f.taker_side, f.taker_price, f.maker_order_id, f.maker_address, f.maker_owner,
               f.maker_outcome, f.maker_side, f.maker_price, f.size::text,
               m.condition_id, m.clob_token_ids AS tokens, m.outcomes
        FROM exchange_fills f LEFT JOIN markets m ON m.id = f.market_id
        WHERE f.taker_order_id = ANY(${arrayParam(listed.map((p) => p.taker_order_id))}::text[]) ORDER BY f.seq`,
  );
  const byTrade = new Map<string, FillRow[]>();
  for (const f of fills) byTrade.set(f.trade_id, [...(byTrade.get(f.trade_id) ?? []), f]);
  const items = ids.map((id) => tradeOf(byTrade.get(id)!, address));
  return { items, more: page.length > PAGE_SIZE, last: listed.at(-1)!.last };
}

function tradeOf(fills: FillRow[], address: string): Trade {
  const first = fills[0]!;
  const token = (outcome: number) => first.tokens?.[outcome] ?? '';
  const size = fills.reduce((sum, f) => sum + Number(f.size), 0);
  const notional = fills.reduce((sum, f) => sum + Number(f.size) * f.taker_price, 0);
  const isTaker = first.taker_address === address;
  const makerOrders: MakerOrder[] = fills.map((f) => ({
    order_id: f.maker_order_id,
    owner: f.maker_owner,
    maker_address: f.maker_address,
    matched_amount: sizeText(Number(f.size)),
    price: priceText(f.maker_price),
    fee_rate_bps: '0',
    asset_id: token(f.maker_outcome),
    outcome: outcomeName(f.outcomes, f.maker_outcome),
    side: f.maker_side,
  }));
  const mine = fills.find((f) => f.maker_address === address);
  return {
    id: first.trade_id,
    taker_order_id: first.taker_order_id,
    market: first.condition_id ?? `0x${'0'.repeat(64)}`,
    asset_id: token(first.taker_outcome),
    side: first.taker_side,
    size: sizeText(size),
    fee_rate_bps: '0',
    // The taker's average price over its matches.
    price: priceText(Math.round(notional / size)),
    status: 'CONFIRMED',
    match_time: first.match_time,
    last_update: first.match_time,
    outcome: outcomeName(first.outcomes, first.taker_outcome),
    bucket_index: 0,
    owner: isTaker ? first.taker_owner : (mine?.maker_owner ?? first.taker_owner),
    maker_address: isTaker ? first.taker_address : address,
    maker_orders: makerOrders,
    transaction_hash: transactionHashOf(first.trade_id),
    trader_side: isTaker ? 'TAKER' : 'MAKER',
  };
}

/** What an address may use of an asset: its balance less what resting orders hold back (base units). */
export async function freeBalance(db: Db, address: string, asset: string): Promise<bigint> {
  const [row] = await rows<{ free: string }>(
    db,
    sql`SELECT (balance - reserved)::text AS free FROM exchange_balances WHERE address = ${address} AND asset = ${asset}`,
  );
  return BigInt(row?.free ?? '0');
}

export interface Position {
  asset_id: string;
  market: string;
  outcome: string;
  /** Shares held (including those resting orders hold back), and those held back. */
  size: string;
  reserved: string;
  /** Average price paid for the shares still held, by average cost (0 when none were bought here). */
  avg_price: string;
  /** The catalog's current price of the outcome, and the position's value at it (USDC). */
  cur_price: string;
}

/** The outcome tokens an address holds, with the average price it paid for those it still holds. */
export async function positionsOf(db: Db, address: string): Promise<Position[]> {
  const found = await rows<{
    asset: string;
    balance: string;
    reserved: string;
    condition_id: string | null;
    market_id: string | null;
    outcomes: string | null;
    outcome_prices: string | null;
    outcome: number | null;
  }>(
    db,
    sql`SELECT b.asset, b.balance::text, b.reserved::text, m.condition_id, t.market_id, m.outcomes,
          m.outcome_prices, t.outcome
        FROM exchange_balances b
        LEFT JOIN outcome_tokens t ON t.token_id = b.asset
        LEFT JOIN markets m ON m.id = t.market_id
        WHERE b.address = ${address} AND b.asset <> ${COLLATERAL} AND b.balance > 0
        ORDER BY b.asset`,
  );
  const markets = [...new Set(found.flatMap((p) => (p.market_id ? [p.market_id] : [])))];
  const byToken = markets.length === 0 ? new Map<string, OwnFill[]>() : await ownFills(db, address, markets);
  return found.map((p) => {
    const index = p.outcome ?? 0;
    let price = '0';
    try {
      price = String((JSON.parse(p.outcome_prices ?? '[]') as unknown[])[index] ?? '0');
    } catch {}
    const { average } = costBasis(byToken.get(`${p.market_id}:${p.outcome}`) ?? []);
    return {
      asset_id: p.asset,
      market: p.condition_id ?? '',
      outcome: outcomeName(p.outcomes, index),
      size: sizeText(Number(p.balance) / BASE_PER_CENTISHARE),
      reserved: sizeText(Number(p.reserved) / BASE_PER_CENTISHARE),
      // Six places, not the book's four: a position's profit (size × the difference) stays right to the cent.
      avg_price: average > 0 ? String(Number((average / 10_000).toFixed(6))) : '0',
      cur_price: price,
    };
  });
}

/**
 * An address's fills in time order, each from its own side, by outcome token (`market:outcome`): in the
 * given markets, or in all of them.
 */
async function ownFills(db: Db, address: string, markets?: string[]): Promise<Map<string, OwnFill[]>> {
  const fills = await rows<{ market_id: string; outcome: number; side: Side; price: number; size: string }>(
    db,
    sql`SELECT market_id,
          CASE WHEN taker_address = ${address} THEN taker_outcome ELSE maker_outcome END AS outcome,
          CASE WHEN taker_address = ${address} THEN taker_side ELSE maker_side END AS side,
          CASE WHEN taker_address = ${address} THEN taker_price ELSE maker_price END AS price,
          size::text
        FROM exchange_fills
        WHERE (taker_address = ${address} OR maker_address = ${address})
          ${markets ? sql`AND market_id = ANY(${arrayParam(markets)}::text[])` : sql``}
        ORDER BY seq`,
  );
  const byToken = new Map<string, OwnFill[]>();
  for (const f of fills) {
    const key = `${f.market_id}:${f.outcome}`;
    const list = byToken.get(key) ?? [];
    list.push({ side: f.side, price: Number(f.price), size: Number(f.size) });
    byToken.set(key, list);
  }
  return byToken;
}

export interface AccountSummary {
  /** Paper money credited to the address, in dollars: its starting grant and any operator's funding. */
  credited: string;
  credits: { amount: string; reason: 'grant' | 'fund'; created_at: number }[];
  /** Profit or loss of every sell, each against the average cost of the shares then held, in dollars. */
  realized_pnl: string;
}

const dollars = (units: number): string => String(Number((units / 1e6).toFixed(6)));

/** Where an address's paper money came from, and what its sells have made or lost (average cost). */
export async function summaryOf(db: Db, address: string): Promise<AccountSummary> {
  const [credits, fills] = await Promise.all([
    rows<{ amount: string; reason: 'grant' | 'fund'; created_at: string }>(
      db,
      sql`SELECT amount::text, reason, created_at::text FROM exchange_ledger
          WHERE address = ${address} ORDER BY id`,
    ),
    ownFills(db, address),
  ]);
  let realised = 0;
  for (const list of fills.values()) realised += costBasis(list).realised;
  return {
    credited: dollars(credits.reduce((sum, c) => sum + Number(c.amount), 0)),
    credits: credits.map((c) => ({
      amount: dollars(Number(c.amount)),
      reason: c.reason,
      created_at: Number(c.created_at),
    })),
    // 1/10,000 of a dollar × centishares is a millionth of a dollar: the same scale as base units.
    realized_pnl: dollars(realised),
  };
}
