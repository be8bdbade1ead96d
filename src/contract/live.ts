/**
 * The live channels (docs/api.md, Live channels): `{clob_url}/ws/market` and `{clob_url}/ws/user`, in
 * the reference's WebSocket dialect. The messages are those the reference SDK reads (@polymarket/bindings
 * 0.2.0 src/subscriptions/clob.ts, the schemas its market and user subscriptions parse every message
 * with; its requests: @polymarket/client 0.2.0 src/websockets/clob/protocol.ts). Types only, no
 * schema library: the dashboard's live client is part of catalog pages.
 *
 * Numbers are decimal text as on the REST interface (prices "0.57", sizes in shares "12.5"); times are
 * unix milliseconds as text in `timestamp`, unix seconds as text elsewhere.
 */

export const LIVE_PATHS = { market: '/ws/market', user: '/ws/user' } as const;

/** Assets (market channel) or markets (user channel) one connection may follow at once. */
export const MAX_LIVE_SUBSCRIPTIONS = 500;
/** The largest message a client may send: bigger ones close the connection with 1009. */
export const MAX_LIVE_MESSAGE_BYTES = 64 * 1024;
/** A connection that has not subscribed this long after opening is closed (4408). */
export const LIVE_SUBSCRIBE_WITHIN_MS = 10_000;
/** Messages a client may send per window (PINGs included); more closes the connection (4429). */
export const LIVE_MESSAGES_PER_WINDOW = 100;
export const LIVE_MESSAGE_WINDOW_MS = 10_000;

/**
 * Why the server closed a connection: the close code; the close frame's reason text says more. 1001,
 * 1009, 1011 and 1012 are the standard codes (server going away; message over MAX_LIVE_MESSAGE_BYTES,
 * closed by the WebSocket layer itself, without reason text; server error; service restart).
 */
export const LIVE_CLOSE = {
  GOING_AWAY: 1001,
  MESSAGE_TOO_BIG: 1009,
  SERVER_ERROR: 1011,
  /**
   * User channel: the server missed events it should have sent (its link to the other server processes
   * was down); reconnect, and read orders and trades again.
   */
  SERVICE_RESTART: 1012,
  /** Malformed JSON, an unknown message or operation, a field of the wrong shape, a binary frame. */
  BAD_MESSAGE: 4400,
  /** User channel: unknown API key, wrong passphrase or secret, revoked key. */
  UNAUTHORISED: 4401,
  /** Nothing subscribed within LIVE_SUBSCRIBE_WITHIN_MS. */
  SUBSCRIBE_TIMEOUT: 4408,
  /** More than MAX_LIVE_SUBSCRIPTIONS assets or markets on one connection. */
  TOO_MANY_SUBSCRIPTIONS: 4413,
  /** Too many connections from one address, or too many messages on one connection. */
  TOO_MANY: 4429,
  /** The client read too slowly: its unsent messages passed the server's bound. */
  SLOW_READER: 4503,
} as const;
export type LiveCloseCode = (typeof LIVE_CLOSE)[keyof typeof LIVE_CLOSE];

// ——— What clients send ——————————————————————————————————————————————————————————————————

/** The first message on /ws/market (the SDK also sends it again after every reconnect). */
export interface MarketSubscribeMessage {
  type: 'market';
  assets_ids: string[];
  /** Also send `best_bid_ask` messages. */
  custom_feature_enabled?: boolean;
  /** Send a `book` snapshot of each asset first (default true). */
  initial_dump?: boolean;
}

/** Later messages on /ws/market: follow more assets (each gets a fresh `book`), or fewer. */
export interface MarketOperationMessage {
  operation: 'subscribe' | 'unsubscribe';
  assets_ids: string[];
  custom_feature_enabled?: boolean;
  initial_dump?: boolean;
}

/** The first message on /ws/user: the API key's credentials, and the markets (condition ids) to follow; none = all. */
export interface UserSubscribeMessage {
  type: 'user';
  markets?: string[];
  auth: { apiKey: string; secret: string; passphrase: string };
}

/** Later messages on /ws/user: follow more markets or fewer (following none means all of them). */
export interface UserOperationMessage {
  operation: 'subscribe' | 'unsubscribe';
  markets: string[];
}

/** Sent as text on either channel, answered `PONG`. */
export const PING = 'PING';
export const PONG = 'PONG';

// ——— What the market channel sends ——————————————————————————————————————————————————————

export interface LiveLevel {
  price: string;
  size: string;
}

/** An asset's whole book: on subscribe, and again whenever the server must resynchronise a client. */
export interface BookMessage {
  event_type: 'book';
  /** The market's condition id. */
  market: string;
  asset_id: string;
  timestamp: string;
  hash: string;
  /** As GET /book: bids ascending and asks descending, the best of each last. */
  bids: LiveLevel[];
  asks: LiveLevel[];
  min_order_size: string;
  tick_size: string;
  neg_risk: boolean;
  /** "" before the first trade. */
  last_trade_price: string;
}

/** A level's new total in one asset's terms (side BUY: a bid level, SELL: an ask level); size "0": gone. */
export interface PriceChange {
  asset_id: string;
  price: string;
  size: string;
  side: 'BUY' | 'SELL';
  /** The asset's best prices after the change ("0" and "1" for an empty side, as GET /price). */
  best_bid: string;
  best_ask: string;
}

/** The levels one commit changed, in one asset's terms. */
export interface PriceChangeMessage {
  event_type: 'price_change';
  market: string;
  price_changes: PriceChange[];
  timestamp: string;
}

/** One match, in one asset's terms (the other outcome's message is its mirror). */
export interface LastTradePriceMessage {
  event_type: 'last_trade_price';
  market: string;
  asset_id: string;
  price: string;
  size: string;
  fee_rate_bps: string;
  /** The taker's side, in this asset's terms. */
  side: 'BUY' | 'SELL';
  timestamp: string;
  transaction_hash: string;
}

/** A load gave the asset's market a new tick: orders are checked against it from this message on. */
export interface TickSizeChangeMessage {
  event_type: 'tick_size_change';
  market: string;
  asset_id: string;
  old_tick_size: string;
  new_tick_size: string;
  timestamp: string;
}

/** With `custom_feature_enabled`: the asset's best prices moved. */
export interface BestBidAskMessage {
  event_type: 'best_bid_ask';
  market: string;
  asset_id: string;
  best_bid: string;
  best_ask: string;
  spread: string;
  timestamp: string;
}

export type MarketChannelMessage =
  | BookMessage
  | PriceChangeMessage
  | LastTradePriceMessage
  | TickSizeChangeMessage
  | BestBidAskMessage;

// ——— What the user channel sends ————————————————————————————————————————————————————————

/** An order of the key's owner was placed, (part-)filled, or left the book (cancelled, expired, self-trade). */
export interface UserOrderMessage {
  event_type: 'order';
  type: 'PLACEMENT' | 'UPDATE' | 'CANCELLATION';
  id: string;
  /** The API key that placed the order. */
  owner: string;
  order_owner: string;
  market: string;
  asset_id: string;
  side: 'BUY' | 'SELL';
  original_size: string;
  size_matched: string;
  price: string;
  associate_trades: string[];
  /** Unix seconds; expiration "0" = none. */
  created_at: string;
  expiration: string;
  order_type: 'GTC' | 'GTD' | 'FOK' | 'FAK';
  status: 'LIVE' | 'MATCHED' | 'CANCELED';
  maker_address: string;
  timestamp: string;
}

export interface UserTradeMakerOrder {
  order_id: string;
  owner: string;
  maker_address: string;
  matched_amount: string;
  price: string;
  fee_rate_bps: string;
  asset_id: string;
  outcome_index: number;
  side: 'BUY' | 'SELL';
}

/** A trade the key's owner took part in, as GET /data/trades shows it (taker's side, every maker order). */
export interface UserTradeMessage {
  event_type: 'trade';
  type: 'TRADE';
  id: string;
  taker_order_id: string;
  market: string;
  asset_id: string;
  side: 'BUY' | 'SELL';
  size: string;
  fee_rate_bps: string;
  price: string;
  status: 'CONFIRMED';
  match_time: string;
  last_update: string;
  owner: string;
  trade_owner: string;
  maker_address: string;
  transaction_hash: string;
  bucket_index: number;
  maker_orders: UserTradeMakerOrder[];
  trader_side: 'TAKER' | 'MAKER';
  timestamp: string;
}

export type UserChannelMessage = UserOrderMessage | UserTradeMessage;
