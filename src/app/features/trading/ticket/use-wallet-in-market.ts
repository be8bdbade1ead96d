import { useCallback, useEffect, useRef } from 'react';
import type { OpenOrder } from '../../../../contract/trading';
import type { Session } from '../../../lib/wallet/session';
import { useUserFeed } from '../../../lib/wallet/use-user-feed';
import type { MakerFill } from '../../../lib/wallet/user-feed';
import { freeCollateral, freeShares, openOrdersIn } from './order-api';

/** A fill is an order event and a trade event at once: read once after a burst. */
const SETTLE_MS = 150;

/** The connected wallet as one market's ticket needs it: what is free to trade, and what rests. */
export interface WalletInMarket {
  /** Free (unreserved) collateral, base units. */
  cash: bigint;
  /** Free shares of each outcome, base units. */
  shares: [bigint, bigint];
  /** Its resting orders in this market. */
  orders: OpenOrder[];
}

/**
 * Tells `onRead` the session owner's free balances and resting orders in one market, read again after
 * each change the user channel reports (and after each reconnection); null while there is no session.
 * A failed read keeps what was told last: these are a help before signing, and the order's own checks
 * read the balance again. `onFills` hears of each trade that filled the owner's resting orders here.
 * Returns a way to read them again now.
 */
export function useWalletInMarket(
  session: Session | null,
  market: { conditionId: string; tokens: readonly [string, string] },
  onRead: (wallet: WalletInMarket | null) => void,
  onFills: (fills: MakerFill[]) => void = () => {},
): () => void {
  const { conditionId } = market;
  const [yes, no] = market.tokens;
  // Only the latest read tells: an older answer arriving late is dropped.
  const reads = useRef(0);
  const read = useCallback(() => {
    const n = ++reads.current;
    if (!session) {
      onRead(null);
      return;
    }
    Promise.all([
      freeCollateral(session),
      freeShares(session, yes),
      freeShares(session, no),
      openOrdersIn(session, conditionId),
    ]).then(
      ([cash, yesShares, noShares, orders]) =>
        n === reads.current && onRead({ cash, shares: [yesShares, noShares], orders }),
      () => {},
    );
  }, [session, conditionId, yes, no, onRead]);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useUserFeed(session, (events) => {
    const here = events.flatMap((e) => e.makerFills).filter((f) => f.assetId === yes || f.assetId === no);
    if (here.length > 0) onFills(here);
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
  // For the ticket after its own order: the channel may not have been listening yet (a session started
  // by that very order), and the order's events would then never come.
  return read;
}
