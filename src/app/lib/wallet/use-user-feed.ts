import { useEffect, useRef, useState } from 'react';
import type { Channel, LiveStatus } from '../live/channel';
import { config } from '../config';
import type { Session } from './session';
import { openUserFeed, type UserEvent, userChannelUrl } from './user-feed';

/**
 * Follows the session owner's orders and trades while `session` is held: `onChange` runs on each frame's
 * events, and with none after each reconnection (what happened meanwhile is not replayed: read it
 * again). One connection per session; a new session opens a new one.
 */
export function useUserFeed(session: Session | null, onChange: (events: UserEvent[]) => void) {
  const [channel, setChannel] = useState<Channel | null>(null);
  const [status, setStatus] = useState<LiveStatus>('idle');
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    if (!session) return;
    const opened = openUserFeed(userChannelUrl(config.clobUrl, window.location), session.credentials, {
      events: (events) => latest.current(events),
      reopened: () => latest.current([]),
    });
    const sync = () => setStatus(opened.getStatus());
    const stopWatching = opened.onStatus(sync);
    sync();
    setChannel(opened);
    // Back online: reconnect at once rather than waiting out the backoff.
    const online = () => opened.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      stopWatching();
      opened.stop(1000, 'page closed');
      setChannel(null);
      setStatus('idle');
    };
  }, [session]);

  return {
    status,
    /** Why the server closed the last connection (its close reason), when it did. */
    reason: channel?.lastClose?.reason ?? null,
    retryNow: () => channel?.retryNow(),
  };
}
