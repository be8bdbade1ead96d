/**
 * The market channel's messages as the server sends them (docs/api.md, "Live channels"; the reference's shapes), read
 * defensively: a message this dashboard does not understand is dropped, never thrown on. Prices become
 * integers of 1/10,000 (the exchange's unit) so the book is kept without floating-point drift.
 */
import { PRICE_UNITS, priceUnits } from './figures';

export type Side = 'BUY' | 'SELL';

export interface LevelChange {
  assetId: string;
  price: number;
  /** The level's new total size in shares (0: the level is gone). */
  size: number;
  side: Side;
}

export type MarketMessage =
  | {
      type: 'book';
      assetId: string;
      market: string;
      bids: [price: number, size: number][];
      asks: [price: number, size: number][];
      tickSize: number | null;
      lastTrade: number | null;
      timestamp: number;
    }
  | { type: 'price_change'; market: string; changes: LevelChange[]; timestamp: number }
  | {
      type: 'last_trade_price';
      assetId: string;
      market: string;
      price: number;
      size: number;
      side: Side;
      timestamp: number;
      id: string;
    }
  | { type: 'tick_size_change'; assetId: string; tickSize: number };

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A decimal price from the wire ("0.53") as units (5300); null when it is not a price in [0, 1]. */
function wirePrice(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= 0 && n <= 1 ? priceUnits(n) : null;
}

function shares(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Milliseconds since the epoch from the reference's string timestamps (ms), else the receipt time. */
function millis(v: unknown, now: number): number {
  const n = typeof v === 'string' || typeof v === 'number' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : now;
}

const sideOf = (v: unknown): Side | null => {
  const s = typeof v === 'string' ? v.toUpperCase() : '';
  return s === 'BUY' || s === 'SELL' ? s : null;
};

function levels(v: unknown): [number, number][] {
  if (!Array.isArray(v)) return [];
  const out: [number, number][] = [];
  for (const level of v) {
    const price = wirePrice((level as { price?: unknown })?.price);
    const size = shares((level as { size?: unknown })?.size);
    if (price !== null && size !== null && size > 0) out.push([price, size]);
  }
  return out;
}

function one(raw: Record<string, unknown>, now: number): MarketMessage | null {
  const market = text(raw.market) ?? '';
  switch (raw.event_type) {
    case 'book': {
      const assetId = text(raw.asset_id);
      if (!assetId) return null;
      return {
        type: 'book',
        assetId,
        market,
        bids: levels(raw.bids),
        asks: levels(raw.asks),
        tickSize: wirePrice(raw.tick_size),
        lastTrade: wirePrice(raw.last_trade_price),
        timestamp: millis(raw.timestamp, now),
      };
    }
    case 'price_change': {
      if (!Array.isArray(raw.price_changes)) return null;
      const changes: LevelChange[] = [];
      for (const c of raw.price_changes as Record<string, unknown>[]) {
        const assetId = text(c?.asset_id);
        const price = wirePrice(c?.price);
        const size = shares(c?.size);
        const side = sideOf(c?.side);
        if (assetId && price !== null && size !== null && side) changes.push({ assetId, price, size, side });
      }
      return { type: 'price_change', market, changes, timestamp: millis(raw.timestamp, now) };
    }
    case 'last_trade_price': {
      const assetId = text(raw.asset_id);
      const price = wirePrice(raw.price);
      const size = shares(raw.size);
      const side = sideOf(raw.side);
      if (!assetId || price === null || size === null || !side) return null;
      const timestamp = millis(raw.timestamp, now);
      const id = text(raw.transaction_hash) ?? `${assetId}:${timestamp}:${price}:${size}`;
      return { type: 'last_trade_price', assetId, market, price, size, side, timestamp, id };
    }
    case 'tick_size_change': {
      const assetId = text(raw.asset_id);
      const tickSize = wirePrice(raw.new_tick_size);
      return assetId && tickSize ? { type: 'tick_size_change', assetId, tickSize } : null;
    }
    default:
      return null;
  }
}

/** Every message in one frame (the server may send one object or an array of them). */
export function readMarketFrame(data: string, now = Date.now()): MarketMessage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const out: MarketMessage[] = [];
  for (const raw of list) {
    if (raw && typeof raw === 'object') {
      const message = one(raw as Record<string, unknown>, now);
      if (message) out.push(message);
    }
  }
  return out;
}

/**
 * A trade as the other outcome sees it: the price mirrored, the side turned (a buy of one outcome is a
 * sale of the other). The mirror is its own inverse, so this turns either outcome's terms into the other's.
 */
export const mirrorTrade = <T extends { price: number; side: Side }>(trade: T): T => ({
  ...trade,
  price: PRICE_UNITS - trade.price,
  side: trade.side === 'BUY' ? 'SELL' : 'BUY',
});

/** A trade of a market's record (GET /live-activity/events/…), in outcome 0's terms as the book is kept. */
export interface RecordedTrade {
  /** The trade's transaction hash, which its fills share with their live messages. */
  hash: string;
  price: number;
  size: number;
  /** The taker's side. */
  side: Side;
  /** Milliseconds (the record has whole seconds). */
  at: number;
}

/**
 * The market's latest fills as the server lists them (newest first, each in its taker's outcome), turned
 * to outcome 0's terms; null when the answer is not a list at all. A fill this dashboard cannot read is
 * left out, never thrown on.
 */
export function readMarketTrades(body: unknown): RecordedTrade[] | null {
  if (!Array.isArray(body)) return null;
  const out: RecordedTrade[] = [];
  for (const raw of body as Record<string, unknown>[]) {
    const hash = text(raw?.transaction_hash);
    const price = wirePrice(raw?.price);
    const size = shares(raw?.size);
    const side = sideOf(raw?.side);
    const seconds = Number(text(raw?.timestamp) ?? Number.NaN);
    const outcome = raw?.outcome_index;
    if (!hash || price === null || size === null || !side || !(seconds > 0)) continue;
    if (outcome !== 0 && outcome !== 1) continue;
    const trade: RecordedTrade = { hash, price, size, side, at: seconds * 1000 };
    out.push(outcome === 0 ? trade : mirrorTrade(trade));
  }
  return out;
}
