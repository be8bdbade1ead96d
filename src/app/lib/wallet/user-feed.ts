import { LIVE_CLOSE, LIVE_PATHS } from '../../../contract/live';
import type { ApiCredentials } from '../../../contract/auth-l2';
import { Channel, channelUrl, type SocketLike } from '../live/channel';

/**
 * The user channel (`{clob_url}/ws/user`, docs/api.md, "Live channels") for the Portfolio and the ticket:
 * authenticated by the session key's credentials in its first message (never in the URL, storage or a
 * log), it tells which of the owner's orders and trades changed. Its readers read the account again on
 * each; after a drop they read it again too, since nothing missed is replayed.
 */

export interface UserEvent {
  kind: 'order' | 'trade';
  /** The order or trade id. */
  id: string;
  market: string;
  /** order: PLACEMENT, UPDATE, CANCELLATION; trade: TRADE. */
  type: string;
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
