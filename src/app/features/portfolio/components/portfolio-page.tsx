import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { handOffFocus, useTakeFocus } from '../../../lib/focus-handoff';
import { useConnect, useConnection } from 'wagmi';
import { forgetSession, sessionEnded, sessionFor } from '../../../lib/wallet/session';
import { useSession } from '../../../lib/wallet/use-session';
import { useWalletChoices } from '../../../lib/wallet/use-wallet-choices';
import { HOW_TO_GET_A_WALLET, NO_WALLET } from '../../../lib/wallet/no-wallet';
import { FailureLink } from '../../../lib/wallet/failure-link';
import { type Failure, failure } from '../../../lib/wallet/failure-text';
import {
  type Account,
  cancelAll,
  cancelOrder,
  loadAccount,
  loadPositions,
  marketsByCondition,
} from '../api/account';
import { useUserFeed } from '../../../lib/wallet/use-user-feed';
import { AccountView } from './account-view';
import { LiveState, PRICES_EVERY_MS } from './live-state';
import type { Links } from './market-link';
import { button, muted } from './styles';

/** Live events come in bursts (an order's fill is an order and a trade event): read once after them. */
const SETTLE_MS = 150;
const RENEWED = 'Your trading session had ended, so a new one was started. ';
const ENDED =
  'Your trading session has ended (its key expired or was revoked). Sign to start a new one: your orders and balance are as they were.';

function Connect() {
  const { choices, ready } = useWalletChoices();
  const connect = useConnect();
  return (
    <div className="space-y-2">
      <p>Connect the wallet you trade with to see its balance, positions, open orders and trades.</p>
      <p className={muted}>
        Everything here is paper money: a new wallet is given some when its first trading session starts, with
        its first order or on this page.
      </p>
      {ready && choices.length === 0 && (
        <p className={muted}>
          {NO_WALLET} {HOW_TO_GET_A_WALLET}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {choices.map((c) => (
          <button
            key={c.connector.uid}
            type="button"
            className={button}
            onClick={() => {
              handOffFocus();
              connect.mutate({ connector: c.connector });
            }}
          >
            Connect {c.name}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The Portfolio (docs/architecture.md): cash, positions with value and profit or loss, open orders (cancel one
 * or all), trade history. Read with the session key; read again on each event of the user channel (an
 * order filled by someone else shows without a reload) and after each action.
 */
export function PortfolioPage() {
  const connection = useConnection();
  const { address, session, ensure, withSession, end } = useSession();
  const [account, setAccount] = useState<Account | null>(null);
  const [links, setLinks] = useState<Links>(new Map());
  const [problem, setProblem] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(new Set<string>());
  // A wallet connected, or a session ended, by keyboard: the focus goes on at the next step (once the
  // button is enabled again: a disabled one cannot take it).
  const signButton = useRef<HTMLButtonElement>(null);
  useTakeFocus(signButton, connection.status === 'connected' && !session && !busy);
  const loading = useRef({ running: false, again: false, reads: 0 });

  /** Reads the account with the session held now; a read asked for meanwhile runs once after. */
  const refresh = useCallback(async () => {
    const state = loading.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        state.reads++;
        const current = sessionFor(address);
        if (!current) return;
        try {
          const next = await loadAccount(current);
          setAccount(next);
          setProblem(null);
          // Each market's question and event are looked up once.
          const missing = [
            ...new Set([...next.positions, ...next.orders, ...next.trades].map((r) => r.market)),
          ].filter((id) => !asked.current.has(id));
          for (const id of missing) asked.current.add(id);
          if (missing.length > 0)
            void marketsByCondition(missing).then((found) => setLinks((now) => new Map([...now, ...found])));
        } catch (error) {
          if (sessionEnded(error)) {
            // Ended here on purpose ("End session", meanwhile) is not news; ended on the server is.
            if (sessionFor(address) === current) {
              forgetSession(current);
              setNotice(ENDED);
            }
          } else setProblem(failure(error));
        }
      } while (state.again);
    } finally {
      state.running = false;
    }
  }, [address]);

  /**
   * Reads the positions alone, for their prices (nothing else moves without an event). Dropped when a whole
   * read began meanwhile: its answer may be newer than this one.
   */
  const refreshPrices = useCallback(async () => {
    const state = loading.current;
    const current = sessionFor(address);
    if (state.running || !current) return;
    const reads = state.reads;
    const positions = await loadPositions(current).catch(() => null);
    if (positions && state.reads === reads && !state.running)
      setAccount((now) => (now ? { ...now, positions } : now));
  }, [address]);

  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onLive = useCallback(() => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => void refresh(), SETTLE_MS);
  }, [refresh]);
  useEffect(() => () => clearTimeout(settle.current), []);
  useEffect(() => {
    if (!session) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refreshPrices();
    }, PRICES_EVERY_MS);
    return () => clearInterval(timer);
  }, [session, refreshPrices]);

  const feed = useUserFeed(session, onLive);
  useEffect(() => {
    // The server refused the session on the channel: it ended (expired, or revoked elsewhere).
    if (feed.status === 'refused' && session && sessionFor(address) === session) {
      forgetSession(session);
      setNotice(ENDED);
    }
  }, [feed.status, session, address]);

  useEffect(() => {
    if (session) void refresh();
  }, [session, refresh]);
  // A first read that failed (the server was away) is tried again once the channel reaches the server.
  const unread = account === null && problem !== null;
  useEffect(() => {
    if (unread && feed.status === 'open') void refresh();
  }, [unread, feed.status, refresh]);
  useEffect(() => {
    if (connection.status === 'disconnected') setAccount(null);
  }, [connection.status]);

  async function act(what: () => Promise<string>) {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      setNotice(await what());
      await refresh();
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  }

  const cancel = (order: Account['orders'][number]) =>
    act(async () => {
      const { value, renewed } = await withSession((s) => cancelOrder(s, order.id));
      return `${renewed ? RENEWED : ''}${value.canceled.length ? 'Order cancelled.' : 'That order was no longer open.'}`;
    });
  const cancelEvery = () =>
    act(async () => {
      const { value, renewed } = await withSession((s) => cancelAll(s));
      const n = value.canceled.length;
      return `${renewed ? RENEWED : ''}Cancelled ${n} order${n === 1 ? '' : 's'}.`;
    });

  let body: ReactNode;
  if (connection.status !== 'connected') body = <Connect />;
  else if (!session)
    body = (
      <div className="space-y-2">
        <p>
          Reading your account needs a trading session: your wallet signs once, and the key stays in this tab
          only.
        </p>
        <button
          ref={signButton}
          type="button"
          className={button}
          disabled={busy}
          onClick={() => {
            handOffFocus();
            void act(async () => {
              await ensure();
              return 'Session started.';
            });
          }}
        >
          Sign to start a session
        </button>
      </div>
    );
  else if (!account)
    body = problem ? (
      <div className="space-y-2">
        <p>Your account could not be read. It is read again as soon as the server answers.</p>
        <button type="button" className={button} onClick={() => void refresh()}>
          Try again
        </button>
      </div>
    ) : (
      <p className={muted}>Loading your account…</p>
    );
  else
    body = (
      <div className="space-y-4">
        <LiveState status={feed.status} onRetry={feed.retryNow} onRefresh={() => void refresh()} />
        <AccountView
          account={account}
          links={links}
          busy={busy}
          onCancel={(o) => void cancel(o)}
          onCancelAll={() => void cancelEvery()}
          onTab={() => setNotice(null)}
        />
        <p className={`text-xs ${muted}`}>
          <button
            type="button"
            className="underline underline-offset-2"
            disabled={busy}
            onClick={() => {
              // This button goes away with the session: "Sign to start a session" takes the focus.
              handOffFocus();
              void act(async () => {
                await end();
                return 'Session ended: its key is revoked.';
              });
            }}
          >
            End session
          </button>
        </p>
      </div>
    );

  return (
    <section aria-labelledby="portfolio-heading" className="space-y-4">
      <h1 id="portfolio-heading" className="text-2xl font-semibold">
        Portfolio
      </h1>
      {body}
      <p role="status" className="text-sm">
        {notice}
      </p>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem.text}
          <FailureLink fixAt={problem.fixAt} />
        </p>
      )}
    </section>
  );
}
