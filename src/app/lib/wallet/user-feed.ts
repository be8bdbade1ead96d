import { LIVE_CLOSE, LIVE_PATHS } from '../../../contract/live';
import type { ApiCredentials } from '../../../contract/auth-l2';
import { Channel, channelUrl, type SocketLike } from '../live/channel';
import { priceUnits } from '../live/figures';

/**
 * The user channel (`{clob_url}/ws/user`, docs/api.md, "Live channels") for the Portfolio and the ticket:
 * authenticated by the session key's credentials in its first message (never in the URL, storage or a
 * log), it tells which of the owner's orders and trades changed. Its readers read the account again on
 * each; after a drop they read it again too, since nothing missed is replayed.
 */

/** What a trade did to one of the reader's resting orders (its maker side). */
export interface MakerFill {
  orderId: string;
  /** The token of the resting order's outcome. */
  assetId: string;
  side: 'BUY' | 'SELL';
  /** Shares matched in this trade. */
  size: number;
  /** The resting order's price, in 1/10,000 (the price it trades at). */
  price: number;
}

export interface UserEvent {
  kind: 'order' | 'trade';
  /** The order or trade id. */
  id: string;
  market: string;
  /** order: PLACEMENT, UPDATE, CANCELLATION; trade: TRADE. */
  type: string;
  /** A trade the reader took part in as a maker: its resting orders the trade filled (else empty). */
  makerFills: MakerFill[];
}

/** The reader's own maker orders of a trade message sent to it as a maker. */
function makerFillsOf(m: Record<string, unknown>): MakerFill[] {
  const reader = typeof m.maker_address === 'string' ? m.maker_address.toLowerCase() : null;
  if (m.event_type !== 'trade' || m.trader_side !== 'MAKER' || !reader || !Array.isArray(m.maker_orders))
    return [];
  const out: MakerFill[] = [];
  for (const raw of m.maker_orders) {
    const o = (raw ?? {}) as Record<string, unknown>;
    const size = Number(o.matched_amount);
    const price = Number(o.price);
    if (
      typeof o.maker_address === 'string' &&
      o.maker_address.toLowerCase() === reader &&
      typeof o.order_id === 'string' &&
      typeof o.asset_id === 'string' &&
      (o.side === 'BUY' || o.side === 'SELL') &&
      size > 0 &&
      price > 0 &&
      price < 1
    )
      out.push({ orderId: o.order_id, assetId: o.asset_id, side: o.side, size, price: priceUnits(price) });
  }
  return out;
}

/** The order and trade events of one frame (one object or an array); anything else is dropped. */
export function readUserFrame(data: string): UserEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return [];
  }
  const out: UserEvent[] = [];
  for (const raw of Array.isArray(parsed) ? parsed : [parsed]) {
    const m = (raw ?? {}) as Record<string, unknown>;
    if ((m.event_type === 'order' || m.event_type === 'trade') && typeof m.id === 'string')
      out.push({
        kind: m.event_type,
        id: m.id,
        market: typeof m.market === 'string' ? m.market : '',
        type: typeof m.type === 'string' ? m.type : '',
        makerFills: makerFillsOf(m),
      });
  }
  return out;
}

export interface UserFeedHandlers {
  events(events: UserEvent[]): void;
  /** Open again after a drop: what happened meanwhile must be read. */
  reopened(): void;
}

export function userChannelUrl(clobUrl: string, location: { href: string }): string {
  return channelUrl(clobUrl, LIVE_PATHS.user, location);
}

/** A user-channel connection for one session key (every market); `channel.stop()` ends it. */
export function openUserFeed(
  url: string,
  credentials: ApiCredentials,
  handlers: UserFeedHandlers,
  open: (url: string) => SocketLike = (u) => new WebSocket(u) as unknown as SocketLike,
): Channel {
  const channel = new Channel(url, open, {
    hello: () =>
      JSON.stringify({
        type: 'user',
        markets: [],
        auth: {
          apiKey: credentials.apiKey,
          secret: credentials.secret,
          passphrase: credentials.passphrase,
        },
      }),
    message: (data) => {
      const events = readUserFrame(data);
      if (events.length > 0) handlers.events(events);
    },
    opened: (again) => {
      if (again) handlers.reopened();
    },
    // Refused credentials (the session key expired or was revoked): reconnecting cannot help.
    isFinal: (code) => code === LIVE_CLOSE.UNAUTHORISED,
  });
  channel.start();
  return channel;
}
