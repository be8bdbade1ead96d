import type { RawData } from 'ws';
import {
  LIVE_CLOSE,
  LIVE_MESSAGE_WINDOW_MS,
  LIVE_MESSAGES_PER_WINDOW,
  LIVE_SUBSCRIBE_WITHIN_MS,
  PONG,
} from '../../../contract/live';
import type { LiveConnection } from './connection';
import type { Read } from './protocol';

/** Messages read but not yet handled (a subscription waits for its books): more is a flood. */
const MAX_WAITING = 16;

export interface Session<R> {
  read(text: string): Read<R>;
  /**
   * Handles one request; requests are handled one at a time, in the order they came (a promise holds
   * the next ones back until it settles).
   */
  handle(request: Exclude<R, { kind: 'ping' }>): void | Promise<void>;
  /** Whether the client has subscribed (else it is closed after LIVE_SUBSCRIBE_WITHIN_MS). */
  subscribed(): boolean;
  onError(err: unknown): void;
}

/**
 * The part both channels share: a client's messages read one by one and in order, `PING` answered,
 * anything unreadable or over the limits closing the connection with its reason. Returns how to run a
 * task in the same order as the messages (the hub's resynchronisations), and how to stop.
 */
export function runSession<R extends { kind: string }>(conn: LiveConnection, session: Session<R>) {
  const inbox: (() => void | Promise<void>)[] = [];
  let busy = false;
  let windowStart = Date.now();
  let count = 0;
  const timer = setTimeout(() => {
    if (!session.subscribed())
      conn.close(
        LIVE_CLOSE.SUBSCRIBE_TIMEOUT,
        `nothing subscribed within ${LIVE_SUBSCRIBE_WITHIN_MS / 1000} s`,
      );
  }, LIVE_SUBSCRIBE_WITHIN_MS);

  const fail = (err: unknown) => {
    session.onError(err);
    conn.close(LIVE_CLOSE.SERVER_ERROR, 'server error; reconnect and subscribe again');
  };
  /** Runs what waits, in order: at once while requests are answered at once, in turn after one that reads. */
  const pump = () => {
    while (inbox.length > 0 && !conn.closed) {
      let result: void | Promise<void>;
      try {
        result = inbox.shift()!();
      } catch (err) {
        fail(err);
        return;
      }
      if (result instanceof Promise) {
        busy = true;
        result.then(
          () => {
            busy = false;
            pump();
          },
          (err: unknown) => {
            busy = false;
            fail(err);
          },
        );
        return;
      }
    }
  };
  const enqueue = (task: () => void | Promise<void>) => {
    if (conn.closed) return;
    if (inbox.length >= MAX_WAITING) {
      conn.close(LIVE_CLOSE.TOO_MANY, `over ${MAX_WAITING} messages waiting; wait for the answers`);
      return;
    }
    inbox.push(task);
    if (!busy) pump();
  };

  const onMessage = (data: RawData, isBinary: boolean) => {
    conn.alive = true;
    if (conn.closed) return;
    const now = Date.now();
    if (now - windowStart >= LIVE_MESSAGE_WINDOW_MS) {
      windowStart = now;
      count = 0;
    }
    if (++count > LIVE_MESSAGES_PER_WINDOW) {
      conn.close(
        LIVE_CLOSE.TOO_MANY,
        `over ${LIVE_MESSAGES_PER_WINDOW} messages in ${LIVE_MESSAGE_WINDOW_MS / 1000} s`,
      );
      return;
    }
    if (isBinary) {
      conn.close(LIVE_CLOSE.BAD_MESSAGE, 'binary frames are not read here: send text');
      return;
    }
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.from(new Uint8Array(data)).toString('utf8');
    enqueue(() => {
      const read = session.read(text);
      if (!read.ok) {
        conn.close(read.tooMany ? LIVE_CLOSE.TOO_MANY_SUBSCRIPTIONS : LIVE_CLOSE.BAD_MESSAGE, read.reason);
        return;
      }
      if (read.request.kind === 'ping') conn.send(PONG);
      else return session.handle(read.request as Exclude<R, { kind: 'ping' }>);
    });
  };
  conn.socket.on('message', onMessage);
  conn.socket.on('pong', () => {
    conn.alive = true;
  });
  return {
    enqueue,
    stop() {
      clearTimeout(timer);
      inbox.length = 0;
    },
  };
}
