import { useState } from 'react';
import { useConnect, useConnection, useDisconnect } from 'wagmi';
import { CopyButton } from '../../../components/copy-button';
import { handOffFocus } from '../../../lib/focus-handoff';
import { type Problem, describeProblem } from '../problems';
import { describeChain } from '../../../lib/wallet/chains';
import { safeIcon, shortAddress, useWalletChoices } from '../../../lib/wallet/use-wallet-choices';
import { HOW_TO_GET_A_WALLET, NO_WALLET } from '../../../lib/wallet/no-wallet';
import { WalletStepError } from '../../../lib/wallet/wallet-errors';
import { WarningIcon } from './icons';
import { ProblemAlert } from './problem-alert';
import { muted, secondaryButton } from './styles';

interface WalletStepProps {
  chainId: number;
  /** Disables wallet controls while a signature flow runs. */
  busy: boolean;
  onSwitchChain: () => void;
}

/** Step 1: pick a wallet and connect; then the connected address, its network, and disconnect. */
export function WalletStep({ chainId, busy, onSwitchChain }: WalletStepProps) {
  const connection = useConnection();
  const { choices, ready } = useWalletChoices();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  if (connection.status === 'connected' && connection.address) {
    const wrongChain = connection.chainId !== chainId;
    const icon = safeIcon(connection.connector?.icon);
    return (
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="flex min-w-0 items-center gap-2">
            {icon && <img src={icon} alt="" width="24" height="24" className="size-6 shrink-0 rounded" />}
            <span>
              <span className={muted}>
                Connected{connection.connector ? ` with ${connection.connector.name}` : ''}:{' '}
              </span>
              <span
                className="whitespace-nowrap font-mono font-medium"
                title={connection.address}
                data-testid="connected-address"
              >
                {shortAddress(connection.address)}
              </span>
            </span>
          </p>
          <div className="flex items-center gap-2">
            <CopyButton value={connection.address} label="Copy wallet address" />
            <button
              type="button"
              className={`${secondaryButton} min-h-8 px-3 py-1`}
              disabled={busy}
              onClick={() => disconnect.mutate()}
            >
              Disconnect
            </button>
          </div>
        </div>
        {wrongChain && (
          <div
            className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
            data-testid="wrong-chain"
          >
            <WarningIcon className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" />
            <div>
              <p>
                Your wallet is on {describeChain(connection.chainId ?? 0)}. Key signatures are bound to{' '}
                {describeChain(chainId)}, so your wallet will first be asked to switch to it when you sign.
              </p>
              <button
                type="button"
                className={`${secondaryButton} mt-2`}
                disabled={busy}
                onClick={onSwitchChain}
              >
                Switch to {describeChain(chainId)}
              </button>
            </div>
          </div>
        )}
      </div>
    );
  }

  if (!ready) return <p className={muted}>Looking for wallets in this browser…</p>;

  if (choices.length === 0)
    return (
      <div className="space-y-2 text-sm" data-testid="no-wallet">
        <p className="font-medium">{NO_WALLET}</p>
        <p className={muted}>
          Creating and managing keys needs an Ethereum wallet holding the address the keys belong to.{' '}
          {HOW_TO_GET_A_WALLET} You can still test an existing key below without a wallet.
        </p>
      </div>
    );

  const connecting = connection.status === 'connecting' || connection.status === 'reconnecting';
  return (
    <div className="space-y-3">
      <p className={`text-sm ${muted}`}>
        Choose the wallet that holds your address. Connecting shares only your address.
      </p>
      <ul className="flex flex-wrap gap-2" aria-label="Wallets found in this browser">
        {choices.map(({ connector, name, icon }) => (
          <li key={connector.uid}>
            <button
              type="button"
              className={secondaryButton}
              disabled={connecting || pending !== null}
              onClick={async () => {
                // This button goes away once connected: step 2's first button takes the focus.
                handOffFocus();
                setProblem(null);
                setPending(name);
                try {
                  await connect.mutateAsync({ connector });
                } catch (error) {
                  setProblem(
                    describeProblem(new WalletStepError('connect', error), { doing: 'connect', chainId }),
                  );
                } finally {
                  setPending(null);
                }
              }}
            >
              {icon ? (
                <img src={icon} alt="" width="20" height="20" className="size-5 rounded" />
              ) : (
                <span aria-hidden="true" className="size-5 rounded bg-neutral-300 dark:bg-neutral-700" />
              )}
              Connect {name}
            </button>
          </li>
        ))}
      </ul>
      <p role="status" className={`text-sm ${muted}`}>
        {pending ? `Approve the connection in ${pending}…` : ''}
      </p>
      {problem && <ProblemAlert problem={problem} />}
    </div>
  );
}
