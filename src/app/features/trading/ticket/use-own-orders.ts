import { useCallback, useEffect, useRef } from 'react';
import type { OpenOrder } from '../../../../contract/trading';
import type { Session } from '../../../lib/wallet/session';
import { useUserFeed } from '../../../lib/wallet/use-user-feed';
import { openOrdersIn } from './order-api';

/** A fill is an order event and a trade event at once: read the orders once after a burst. */
const SETTLE_MS = 150;

/**
 * Tells `onOrders` the session owner's resting orders in one market, read again after each change the
 * user channel reports (and after each reconnection); none while there is no session. A failed read
 * keeps what was told last: the marks are a help, the exchange's record stays the Portfolio.
 */
export function useOwnOrders(
  session: Session | null,
  conditionId: string,
  onOrders: (orders: OpenOrder[]) => void,
): void {
  // Only the latest read tells: an older answer arriving late is dropped.
  const reads = useRef(0);
  const read = useCallback(() => {
    const n = ++reads.current;
    if (!session) {
      onOrders([]);
      return;
    }
    openOrdersIn(session, conditionId).then(
      (orders) => n === reads.current && onOrders(orders),
      () => {},
    );
  }, [session, conditionId, onOrders]);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useUserFeed(session, () => {
    clearTimeout(settle.current);
    settle.current = setTimeout(read, SETTLE_MS);
  });
  useEffect(() => {
    read();
    return () => {
      reads.current++;
      clearTimeout(settle.current);
    };
  }, [read]);
}
