import { useCallback, useState } from 'react';
import { useConfig } from 'wagmi';
import { getConnection, signTypedData, switchChain } from 'wagmi/actions';
import {
  type L1Headers,
  buildClobAuthTypedData,
  l1HeadersFromSignature,
  randomNonce,
} from '../../../contract/auth';
import { keysConfig } from './keys-config';
import { type ServerClock, withServerTime } from './server-clock';
import { WalletStepError } from './wallet-errors';

/** What the wallet is asked to authorise, in words shown before it opens. */
export interface SignPurpose {
  /** "create a key" */
  doing: string;
}

export type Activity =
  | { step: 'switching-chain'; purpose: SignPurpose; from: number }
  | { step: 'syncing-clock'; purpose: SignPurpose }
  | { step: 'signing'; purpose: SignPurpose; clockCorrectedBy?: number }
  | { step: 'sending'; purpose: SignPurpose };

/**
 * One L1-authorised request: make sure the wallet is on the key chain (asking it to switch first),
 * take the server's time and a fresh random nonce, have the wallet sign the contract's typed data,
 * send. If the server finds the timestamp out of range, correct the clock from SVC_SERVER_TIME and
 * ask for one new signature (once). `activity` tells the page what to show while this runs.
 */
export function useSignedRequest(clock: ServerClock, chainId: number) {
  const config = useConfig();
  const [activity, setActivity] = useState<Activity | null>(null);

  const run = useCallback(
    async <T>(purpose: SignPurpose, send: (headers: L1Headers) => Promise<T>): Promise<T> => {
      try {
        const connection = getConnection(config);
        const address = connection.address;
        if (connection.status !== 'connected' || !address) throw new WalletStepError('no-account');
        if (connection.chainId !== chainId) {
          setActivity({ step: 'switching-chain', purpose, from: connection.chainId ?? 0 });
          try {
            await switchChain(config, { chainId });
          } catch (error) {
            throw new WalletStepError('switch-chain', error);
          }
        }
        if (!clock.isSynced) {
          setActivity({ step: 'syncing-clock', purpose });
          await clock.sync();
        }
        let clockCorrectedBy: number | undefined;
        return await withServerTime(
          clock,
          async (serverNow) => {
            const timestamp = String(serverNow);
            const nonce = randomNonce();
            setActivity({ step: 'signing', purpose, clockCorrectedBy });
            let signature: `0x${string}`;
            try {
              signature = await signTypedData(config, {
                account: address,
                ...buildClobAuthTypedData({
                  address,
                  timestamp,
                  nonce,
                  chainId,
                  domainName: keysConfig.l1DomainName,
                }),
              });
            } catch (error) {
              throw new WalletStepError('sign', error);
            }
            setActivity({ step: 'sending', purpose });
            return send(l1HeadersFromSignature({ address, timestamp, nonce }, signature));
          },
          (bySeconds) => {
            clockCorrectedBy = bySeconds;
          },
        );
      } finally {
        setActivity(null);
      }
    },
    [config, clock, chainId],
  );

  return { run, activity };
}
