import { type ReactNode, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useConfig, useConnection } from 'wagmi';
import { switchChain } from 'wagmi/actions';
import { announce } from '../../../components/live-region';
import { useTakeFocus } from '../../../lib/focus-handoff';
import { createApiKey } from '../api/create-api-key';
import { getServerTime } from '../../../lib/wallet/get-server-time';
import { listApiKeys } from '../api/list-api-keys';
import { revokeApiKey } from '../api/revoke-api-key';
import { listWithKey } from '../api/test-api-key';
import { initialKeysPageState, keysPageReducer } from '../keys-page-state';
import { describeProblem } from '../problems';
import { ServerClock, withServerTime } from '../../../lib/wallet/server-clock';
import { describeChain } from '../../../lib/wallet/chains';
import { type SignPurpose, useSignedRequest } from '../../../lib/wallet/use-signed-request';
import { WalletStepError } from '../../../lib/wallet/wallet-errors';
import { ActivityStatus, activityText } from './activity-status';
import { CredentialsPanel } from './credentials-panel';
import { KeysList } from './keys-list';
import { LeaveGuard } from './leave-guard';
import { ProblemAlert } from './problem-alert';
import { RevokeDialog } from './revoke-dialog';
import { card, muted, primaryButton, secondaryButton } from './styles';
import { TestKeyForm } from './test-key-form';
import { WalletStep } from './wallet-step';

const CREATE: SignPurpose = { doing: 'create a key' };
const LIST: SignPurpose = { doing: 'show your keys' };
const REVOKE: SignPurpose = { doing: 'revoke the key' };

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <li aria-labelledby={id} className={card}>
      <h2 id={id} className="flex items-center gap-3 text-lg font-semibold">
        <span
          aria-hidden="true"
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-600 text-sm text-white"
        >
          {number}
        </span>
        <span>
          <span className="sr-only">Step {number}: </span>
          {title}
        </span>
      </h2>
      <div className="mt-4">{children}</div>
    </li>
  );
}

/**
 * The Keys page: connect a wallet, then create, list and revoke keys with one signature each, and
 * test any key over Level 2. Credentials exist only in this component tree's state.
 */
export function KeysPage({ chainId }: { chainId: number }) {
  const config = useConfig();
  const connection = useConnection();
  const [clock] = useState(() => new ServerClock(getServerTime));
  // Where keyboard focus goes when the element that had it disappears (panel done, key revoked).
  const createButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(0);
  // After the render that re-enables the button.
  useEffect(() => {
    if (refocus > 0) createButton.current?.focus();
  }, [refocus]);
  const { run, activity } = useSignedRequest(clock, chainId);

  const [state, dispatch] = useReducer(keysPageReducer, initialKeysPageState);
  const { credentials, justCreated, apiKeys, details, problem, revoking, revokeProblem } = state;

  const connected = connection.status === 'connected' && !!connection.address;
  const busy = activity !== null;
  // A wallet connected by keyboard: its "Connect" button is gone, the focus goes on at step 2.
  useTakeFocus(createButton, connected && !busy);

  // Another account means another owner: its list must be signed for again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset exactly when the address changes.
  useEffect(() => {
    dispatch({ type: 'account-changed' });
  }, [connection.address]);

  const context = (purpose: SignPurpose) => ({
    doing: purpose.doing,
    chainId,
    walletChainId: connection.chainId,
  });

  async function createKey() {
    dispatch({ type: 'started' });
    try {
      const created = await run(CREATE, createApiKey);
      dispatch({ type: 'created', credentials: created });
      announce('Key created. Save the secret and passphrase now: they are shown only once.');
      // At the limit the server revokes the oldest session key to make room: a list on screen is read
      // again, signed by the new key itself (no signature asked), or it would count 11 of 10.
      if (apiKeys !== null) {
        const listed = await withServerTime(clock, (now) => listWithKey(created, now)).catch(() => null);
        if (listed) dispatch({ type: 'listed', ...listed });
      }
    } catch (error) {
      dispatch({ type: 'failed', problem: describeProblem(error, context(CREATE)) });
    }
  }

  async function showKeys() {
    dispatch({ type: 'started' });
    try {
      const { apiKeys: keys, details } = await run(LIST, listApiKeys);
      dispatch({ type: 'listed', apiKeys: keys, details });
      announce(`${keys.length} active key${keys.length === 1 ? '' : 's'}.`);
    } catch (error) {
      dispatch({ type: 'failed', problem: describeProblem(error, context(LIST)) });
    }
  }

  async function confirmRevoke() {
    const apiKey = revoking;
    if (!apiKey) return;
    try {
      await run(REVOKE, (headers) => revokeApiKey(headers, apiKey));
      dispatch({ type: 'revoked', apiKey });
      setRefocus((n) => n + 1);
      announce(`Key ${apiKey} revoked.`);
    } catch (error) {
      dispatch({ type: 'revoke-failed', problem: describeProblem(error, context(REVOKE)) });
    }
  }

  async function switchToKeyChain() {
    dispatch({ type: 'started' });
    try {
      await switchChain(config, { chainId });
    } catch (error) {
      dispatch({
        type: 'failed',
        problem: describeProblem(new WalletStepError('switch-chain', error), {
          ...context(CREATE),
          doing: 'sign for keys',
        }),
      });
    }
  }

  return (
    <section aria-labelledby="keys-heading" className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-3">
        <h1 id="keys-heading" className="text-2xl font-semibold sm:text-3xl">
          API keys
        </h1>
        <p>
          An API key lets your own programs use the trading interface for your wallet’s address without your
          wallet at hand: each request is signed with the key’s secret instead.
        </p>
        <p className={muted}>
          To create, list or revoke keys you sign a short message with your wallet. Signing proves you control
          the address. It is not a transaction: nothing is sent to the chain, no gas is paid and no funds can
          move. Each button says what your wallet will ask before it opens.
        </p>
      </header>

      <ol className="space-y-4">
        <Step number={1} title="Connect your wallet">
          <WalletStep chainId={chainId} busy={busy} onSwitchChain={() => void switchToKeyChain()} />
        </Step>
        <Step number={2} title="Create or manage keys">
          {!connected ? (
            <p className={`text-sm ${muted}`}>
              Connect a wallet first: keys belong to the address that signs for them.
            </p>
          ) : (
            <div className="space-y-4">
              <div className="flex flex-wrap gap-2">
                <button
                  ref={createButton}
                  type="button"
                  className={primaryButton}
                  // aria-disabled, not disabled: a disabled button drops the keyboard's focus to the
                  // page's top while the wallet signs; the click is ignored meanwhile.
                  aria-disabled={busy}
                  onClick={() => busy || void createKey()}
                >
                  Sign to create a key
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  aria-disabled={busy}
                  onClick={() => busy || void showKeys()}
                >
                  {apiKeys ? 'Sign to refresh my keys' : 'Sign to show my keys'}
                </button>
              </div>
              <div className="space-y-1">
                <p className={`text-sm ${muted}`}>
                  Keys are signed for {describeChain(chainId)}. Each signature is used once, for one request.
                </p>
                <ActivityStatus activity={revoking === null ? activity : null} chainId={chainId} />
              </div>
              {problem && (
                <ProblemAlert problem={problem}>
                  {problem.suggestShowKeys && apiKeys === null && (
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={busy}
                      onClick={() => void showKeys()}
                    >
                      Sign to show my keys
                    </button>
                  )}
                </ProblemAlert>
              )}
              {credentials && (
                <CredentialsPanel
                  credentials={credentials}
                  onDone={() => {
                    dispatch({ type: 'credentials-done' });
                    setRefocus((n) => n + 1);
                    announce('The key’s secret is no longer shown.');
                  }}
                />
              )}
              {apiKeys && (
                <KeysList
                  apiKeys={apiKeys}
                  details={details}
                  justCreated={justCreated}
                  busy={busy}
                  onRevoke={(apiKey) => {
                    dispatch({ type: 'revoke-asked', apiKey });
                  }}
                />
              )}
            </div>
          )}
        </Step>
      </ol>

      <section aria-labelledby="test-key-heading" className={card}>
        <h2 id="test-key-heading" className="text-lg font-semibold">
          Test a key
        </h2>
        <p className={`mt-1 mb-4 text-sm ${muted}`}>
          Check that a key works: this page signs one read-only request (listing keys) with the secret, right
          here in your browser. No wallet needed.
        </p>
        <TestKeyForm clock={clock} chainId={chainId} justCreated={credentials} />
      </section>

      <RevokeDialog
        apiKey={revoking}
        busy={busy}
        problem={revokeProblem}
        status={revoking !== null && activity ? activityText(activity, chainId) : ''}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => dispatch({ type: 'revoke-cancelled' })}
      />
      <LeaveGuard when={credentials !== null} />
    </section>
  );
}
