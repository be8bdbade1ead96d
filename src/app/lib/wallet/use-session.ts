import { useCallback, useSyncExternalStore } from 'react';
import { useConnection } from 'wagmi';
import { keysConfig } from './keys-config';
import {
  type Session,
  endSession,
  forgetSession,
  heldSession,
  openSession,
  serverClock,
  sessionEnded,
  sessionFor,
  subscribeSession,
} from './session';
import { useSignedRequest } from './use-signed-request';

/**
 * The connected wallet's session key: `ensure()` returns the held one, or asks the wallet for one L1
 * signature and creates it (the first time an action needs Level 2); `withSession` also replaces a key
 * the server says has ended; `end()` revokes it.
 * `activity` says what the wallet is being asked meanwhile.
 */
export function useSession() {
  const connection = useConnection();
  const address = connection.status === 'connected' ? connection.address : undefined;
  useSyncExternalStore(subscribeSession, heldSession, () => null);
  const session = sessionFor(address);
  const { run, activity } = useSignedRequest(serverClock, keysConfig.chainId);

  const ensure = useCallback(async (): Promise<Session> => {
    const current = sessionFor(address);
    if (current) return current;
    return run({ doing: 'start a trading session' }, (headers) => openSession(headers.SVC_ADDRESS, headers));
  }, [address, run]);

  /**
   * Runs `action` with the session; if the server answers that the key has ended, starts a new session
   * (one more signature) and runs it once more. `renewed` says so, for the page to tell the reader.
   */
  const withSession = useCallback(
    async <T>(
      action: (session: Session) => Promise<T>,
      onRenew?: () => void,
    ): Promise<{ value: T; renewed: boolean }> => {
      const first = await ensure();
      try {
        return { value: await action(first), renewed: false };
      } catch (error) {
        if (!sessionEnded(error)) throw error;
        forgetSession(first);
        onRenew?.();
        return { value: await action(await ensure()), renewed: true };
      }
    },
    [ensure],
  );

  const end = useCallback(async () => {
    if (session) await endSession(session);
  }, [session]);

  return { address, session, ensure, withSession, end, activity };
}
