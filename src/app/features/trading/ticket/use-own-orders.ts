import { useEffect, useRef, useState } from 'react';
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
  const [changes, setChanges] = useState(0);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useUserFeed(session, () => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => setChanges((n) => n + 1), SETTLE_MS);
  });
  useEffect(() => () => clearTimeout(settle.current), []);

  useEffect(() => {
    if (!session) {
      onOrders([]);
      return;
    }
    let current = true;
    openOrdersIn(session, conditionId).then(
      (orders) => current && onOrders(orders),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [session, conditionId, changes, onOrders]);
}
