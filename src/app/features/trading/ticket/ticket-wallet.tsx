import { createContext, memo, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { useConfig, useConnect, useConnection } from 'wagmi';
import { handOffFocus, useTakeFocus } from '../../../lib/focus-handoff';
import { formatCents, formatDollarsExact, formatShares, priceUnits } from '../../../lib/live/figures';
import type { OpenOrder } from '../../../../contract/trading';
import { NetworkError } from '../../../lib/api-client';
import { ClobError } from '../../../lib/wallet/clob-request';
import type { Session } from '../../../lib/wallet/session';
import { useSession } from '../../../lib/wallet/use-session';
import { shortAddress, useWalletChoices } from '../../../lib/wallet/use-wallet-choices';
import { HOW_TO_GET_A_WALLET, NO_WALLET } from '../../../lib/wallet/no-wallet';
import { WalletProvider } from '../../../lib/wallet/wallet-provider';
import { type Failure, failure } from '../../../lib/wallet/failure-text';
import type { MakerFill } from '../../../lib/wallet/user-feed';
import { fillWords } from './fill-words';
import {
  type OrderToSign,
  findOrder,
  freeCollateral,
  freeShares,
  openOrdersIn,
  postOrder,
  signOrder,
} from './order-api';
import { uncovered } from './preview';
import { cancelOrder } from '../../../lib/wallet/cancel-order';
import { restingWords } from '../../../lib/resting-words';
import { ownOrdersCrossed, selfTradeSentence } from './self-trade';
import { useWalletInMarket, type WalletInMarket } from './use-wallet-in-market';

/** An order the ticket asks the wallet part to place; `id` makes each press a new request. */
export interface PlaceRequest extends OrderToSign {
  id: number;
  /** The market's condition id: its open orders of this wallet are looked at before signing. */
  conditionId: string;
  /** The deepest price the order meets resting orders at (Preview.reach): the wallet's own up to it. */
  reach: number;
  /** Words for the result: the outcome's name, and whether part of a limit order will rest. */
  outcomeName: string;
  restsInPart: boolean;
}

export interface Message {
  tone: 'ok' | 'error';
  text: string;
  /** A page of the dashboard where a failure can be put right, linked after the text. */
  fixAt?: Failure['fixAt'];
}

export interface TicketWalletProps {
  request: PlaceRequest | null;
  /**
   * The market on the ticket: the wallet's free balances and resting orders in it go to `onWallet`; a fill
   * of one of them is told under the list, by the outcome's name.
   */
  market: { conditionId: string; tokens: readonly [string, string]; names: readonly [string, string] };
  onWallet: (wallet: WalletInMarket | null) => void;
  onConnected: (address: string | null) => void;
  onWorking: (text: string | null) => void;
  onResult: (message: Message) => void;
}

const primary =
  'inline-flex min-h-11 w-full items-center justify-center rounded-md bg-accent-600 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-700 disabled:cursor-not-allowed disabled:opacity-60';
const muted = 'text-neutral-600 dark:text-neutral-400';

/** What became of an order whose answer was lost, from the exchange's record of it. */
function foundText(order: OpenOrder, name: string): string {
  const verb = order.side === 'BUY' ? 'buy' : 'sell';
  const matched = Number(order.size_matched);
  const price = formatCents(priceUnits(order.price));
  const traded = `Matched: ${order.side === 'BUY' ? 'bought' : 'sold'} ${formatShares(matched)} ${name}`;
  if (order.status === 'LIVE')
    return matched > 0
      ? `${traded}; the rest rests on the book at ${price}.`
      : `Resting on the book: ${verb} ${formatShares(Number(order.original_size))} ${name} at ${price}.`;
  return matched > 0 ? `${traded}.` : 'Nothing was traded: the order found no match.';
}

type WithSession = ReturnType<typeof useSession>['withSession'];

/**
 * Places one order: the session (one L1 signature the first time), the free balance, the order's
 * signature, POST /order. A session the server says has ended is replaced (one more signature) and the
 * step done again; an order already signed is posted with the new key, not signed again.
 */
async function place(
  config: ReturnType<typeof useConfig>,
  withSession: WithSession,
  hasSession: boolean,
  request: PlaceRequest,
  onWorking: (text: string | null) => void,
): Promise<Message> {
  const { side, price, size, outcomeName: name } = request;
  let renewed = false;
  const step = async <T,>(action: (session: Session) => Promise<T>): Promise<T> => {
    const done = await withSession(action, () =>
      onWorking('Your trading session had ended: approve a signature in your wallet to start a new one…'),
    );
    renewed ||= done.renewed;
    return done.value;
  };
  const told = (text: string) =>
    renewed ? `${text} Your trading session had ended, so a new one was started.` : text;
  onWorking(
    hasSession
      ? 'Checking your balance…'
      : 'Starting a trading session: approve the signature in your wallet…',
  );
  // Read again here: the ticket's own reading may be a moment old.
  const free = await step((s) => (side === 'BUY' ? freeCollateral(s) : freeShares(s, request.tokenId)));
  const short = uncovered(request, free, name);
  if (short) return { tone: 'error', text: told(`${short} The order was not signed.`) };
  const mine = await step((s) => openOrdersIn(s, request.conditionId));
  const crossed = ownOrdersCrossed({ ...request, price: request.reach }, mine);
  if (crossed.length > 0)
    return { tone: 'error', text: told(`${selfTradeSentence(crossed)} The order was not signed.`) };
  onWorking('Approve the order in your wallet…');
  const signed = await signOrder(config, request);
  onWorking('Sending the order…');
  let answer: Awaited<ReturnType<typeof postOrder>>;
  try {
    answer = await step((s) => postOrder(s, signed, request.orderType));
  } catch (error) {
    // A market order that met nothing: the book moved (or was not live) since the preview.
    if (error instanceof ClobError && error.code === 'ORDER_NOT_FILLED')
      return {
        tone: 'error',
        text: told(
          `Nothing was ${request.side === 'BUY' ? 'for sale' : 'bid'} at your price when the order reached the exchange: the book had moved since this preview. Nothing was traded.`,
        ),
      };
    // The exchange's own sentence, as it refused the order (docs/api.md, Refusals).
    if (error instanceof ClobError && error.status === 400)
      return {
        tone: 'error',
        text: told(`The exchange refused the order: ${error.message} Nothing was traded.`),
      };
    if (!(error instanceof NetworkError || (error instanceof ClobError && error.status >= 500))) throw error;
    // The answer was lost: the order's id (known before posting) tells whether it reached the book.
    onWorking('The answer was lost on the way: asking the exchange whether the order arrived…');
    const found = await step((s) => findOrder(s, signed.id)).catch(() => undefined);
    if (found === undefined)
      return {
        tone: 'error',
        text: told(
          "The server could not be reached to confirm the order. Look at the Portfolio's open orders and history before sending it again.",
        ),
      };
    if (found === null)
      return {
        tone: 'error',
        text: told(
          'The order did not reach the exchange: nothing was traded. Send it again when the connection is back.',
        ),
      };
    return {
      tone: 'ok',
      text: told(`${foundText(found, name)} (The answer was lost on the way; the exchange has the order.)`),
    };
  }
  if (!answer.success)
    return { tone: 'error', text: told(`The exchange refused the order: ${answer.errorMsg}`) };
  if (answer.status === 'matched') {
    const [shares, cash] =
      side === 'BUY'
        ? [answer.takingAmount, answer.makingAmount]
        : [answer.makingAmount, answer.takingAmount];
    return {
      tone: 'ok',
      text: told(
        `Matched: ${side === 'BUY' ? 'bought' : 'sold'} ${formatShares(Number(shares))} ${name} for ${formatDollarsExact(Number(cash))}${request.restsInPart ? '; the rest rests on the book' : ''}.`,
      ),
    };
  }
  return {
    tone: 'ok',
    text: told(
      `Resting on the book: ${side === 'BUY' ? 'buy' : 'sell'} ${formatShares(size / 100)} ${name} at ${formatCents(price)}.`,
    ),
  };
}

/** The ticket's props reach WalletPart through context, so that WagmiProvider itself never re-renders. */
const Props = createContext<TicketWalletProps | null>(null);

function WalletPart() {
  const { request, market, onWallet, onConnected, onWorking, onResult } = useContext(Props)!;
  const config = useConfig();
  const connection = useConnection();
  const { session, withSession, end } = useSession();
  const { choices, ready } = useWalletChoices();
  const connect = useConnect();
  const [problem, setProblem] = useState<string | null>(null);
  const address = connection.status === 'connected' ? (connection.address ?? null) : null;
  const done = useRef<number | null>(null);
  // Asked for by keyboard ("Connect a wallet to trade"): the focus goes on at the first wallet offered.
  const firstChoice = useRef<HTMLButtonElement>(null);
  useTakeFocus(firstChoice, !address && choices.length > 0);

  useEffect(() => onConnected(address), [address, onConnected]);
  // Its resting orders here are listed under the ticket, each with its cancel.
  const [resting, setResting] = useState<OpenOrder[]>([]);
  // The last fill told, for the wallet it was told to.
  const [filled, setFilled] = useState<{ by: string | null; text: string } | null>(null);
  const told = useCallback(
    (wallet: WalletInMarket | null) => {
      setResting(wallet?.orders ?? []);
      onWallet(wallet);
    },
    [onWallet],
  );
  const onFills = useCallback(
    (fills: MakerFill[]) => setFilled({ by: address, text: fillWords(fills, market, new Date()) }),
    [market, address],
  );
  const readWallet = useWalletInMarket(address ? session : null, market, told, onFills);

  useEffect(() => {
    if (!request || !address || done.current === request.id) return;
    done.current = request.id;
    void place(config, withSession, session !== null, request, onWorking)
      .then(onResult, (error: unknown) => onResult({ tone: 'error', ...failure(error) }))
      .finally(() => {
        onWorking(null);
        readWallet();
      });
  }, [request, address, config, withSession, session, onWorking, onResult, readWallet]);

  if (!address)
    return (
      <div className="space-y-2">
        {ready && choices.length === 0 && (
          <p className="text-sm">
            {NO_WALLET} {HOW_TO_GET_A_WALLET}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {choices.map((choice, i) => (
            <button
              key={choice.connector.uid}
              ref={i === 0 ? firstChoice : undefined}
              type="button"
              className={primary}
              onClick={() => {
                handOffFocus();
                setProblem(null);
                connect.mutate(
                  { connector: choice.connector },
                  { onError: () => setProblem('The wallet did not connect. Open it and try again.') },
                );
              }}
            >
              Connect {choice.name}
            </button>
          ))}
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
      </div>
    );
  return (
    <>
      {session && (
        <RestingHere
          orders={resting}
          filled={filled?.by === address ? filled.text : null}
          withSession={withSession}
          onResult={onResult}
        />
      )}
      <p className={`flex flex-wrap items-center gap-2 text-xs ${muted}`}>
        <span>
          {shortAddress(address)}
          {session
            ? ' · trading session on (this tab only)'
            : ' · the first order also starts a trading session (one more signature), which gives a new wallet its paper money'}
        </span>
        {session && (
          <button
            type="button"
            className="underline underline-offset-2"
            onClick={() =>
              void end().then(
                () => onResult({ tone: 'ok', text: 'Session ended: its key is revoked.' }),
                (error: unknown) => onResult({ tone: 'error', ...failure(error) }),
              )
            }
          >
            End session
          </button>
        )}
      </p>
    </>
  );
}

/**
 * The wallet's resting orders in this market, by what is left of each, each with its cancel: where the
 * book marks them and a refusal may name them. A cancelled order's button goes: the keyboard goes on
 * at the list's heading.
 */
function RestingHere({
  orders,
  filled,
  withSession,
  onResult,
}: {
  orders: OpenOrder[];
  /** The last fill of one of them, in words, while this session lasts. */
  filled: string | null;
  withSession: ReturnType<typeof useSession>['withSession'];
  onResult: TicketWalletProps['onResult'];
}) {
  const [cancelling, setCancelling] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  async function cancel(order: OpenOrder) {
    setCancelling(order.id);
    try {
      const { value } = await withSession((s) => cancelOrder(s, order.id));
      if (value.canceled.includes(order.id)) {
        onResult({ tone: 'ok', text: `Cancelled: ${restingWords(order)}.` });
        heading.current?.focus();
      } else
        onResult({
          tone: 'error',
          text: `Not cancelled: ${value.not_canceled[order.id] ?? 'the exchange did not find it open'}.`,
        });
    } catch (error) {
      onResult({ tone: 'error', ...failure(error) });
    } finally {
      setCancelling(null);
    }
  }
  return (
    <section aria-labelledby={id} className="space-y-1">
      <h4 ref={heading} id={id} tabIndex={-1} className="text-sm font-semibold focus:outline-none">
        Your open orders here ({orders.length})
      </h4>
      {orders.length === 0 ? (
        <p className={`text-sm ${muted}`}>None resting.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {orders.map((o) => {
            const words = restingWords(o);
            return (
              <li key={o.id} className="flex items-center justify-between gap-2">
                <span className="tabular-nums">{words.charAt(0).toUpperCase() + words.slice(1)}</span>
                <button
                  type="button"
                  aria-label={`Cancel ${words}`}
                  aria-disabled={cancelling !== null}
                  onClick={() => cancelling === null && void cancel(o)}
                  className="h-8 rounded-md border border-neutral-300 px-2 text-xs hover:bg-neutral-100 aria-disabled:opacity-60 dark:border-neutral-700 dark:hover:bg-neutral-800"
                >
                  {cancelling === o.id ? 'Cancelling…' : 'Cancel'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className="text-sm text-green-800 dark:text-green-300">
        {filled ?? ''}
      </p>
    </section>
  );
}

/** The ticket's wallet part (wagmi, viem, signing): a chunk loaded only once a visitor wants to trade. */
// wagmi's provider reconnects on every render of its own (its Hydrate calls onMount when not SSR): a
// re-render per ticket change would loop connected → reconnecting. Memoised without props, it renders once.
const Provided = memo(function Provided() {
  return (
    <WalletProvider>
      <WalletPart />
    </WalletProvider>
  );
});

export default function TicketWallet(props: TicketWalletProps) {
  return (
    <Props.Provider value={props}>
      <Provided />
    </Props.Provider>
  );
}
