import {
  type FormEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { FailureLink } from '../../../lib/wallet/failure-link';
import { handOffFocus, useTakeFocus } from '../../../lib/focus-handoff';
import type { OpenOrder } from '../../../../contract/trading';
import type { Side } from '../../../../engine/types';
import { type LiveBook, viewOf } from '../../../lib/live/book-state';
import {
  formatCents,
  formatDollars,
  formatDollarsDown,
  formatShares,
  formatSharesDown,
  PRICE_UNITS,
} from '../../../lib/live/figures';
import { ownLevels } from '../own-levels';
import { type TradableMarket, withMarket } from '../tradable';
import { STALE_FRAME, STALE_NOTE } from '../stale-style';
import { marketBuyMost, type Preview, type TicketKind, previewTicket, uncovered } from './preview';
import { ownOrdersCrossed, selfTradeSentence } from './self-trade';
import { typedHundredths, typedNumber } from './typed-number';
import type { Message, PlaceRequest } from './ticket-wallet';
import type { WalletInMarket } from './use-wallet-in-market';

// The wallet part (wagmi, viem, signing) loads only once a visitor wants to trade: a first-time
// reader of the event page downloads no wallet code.
const TicketWallet = lazy(() => import('./ticket-wallet'));

/** wagmi remembers the last wallet connected here (its storage: the connector id only): reconnect it. */
function walletRemembered(): boolean {
  try {
    return localStorage.getItem('wagmi.recentConnectorId') !== null;
  } catch {
    return false;
  }
}

/**
 * How far past the midpoint (1/10,000) an order may trade before the ticket asks to confirm: 10¢. Only
 * the costly way counts (a buy above it, a sell below it): an order that waits on the far side trades
 * at its price only if someone comes to it.
 */
export const FAR_FROM_MID = 1_000;

/** How far the price is past the midpoint the costly way for `side` (negative: the other way). */
export const pastMid = (side: Side, price: number, mid: number): number =>
  side === 'BUY' ? price - mid : mid - price;

/**
 * How far past the midpoint the previewed order can trade: at its reach, the deepest price it meets now
 * (its limit only when part of it rests there). A limit far past the mid that fills at once nearer
 * the mid is not warned about.
 */
export const previewPastMid = (preview: Preview | null, side: Side, mid: number | null): number =>
  preview === null || mid === null ? 0 : pastMid(side, preview.reach, mid);

const segment = (on: boolean) =>
  `inline-flex h-9 min-w-0 flex-1 items-center justify-center rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${
    on
      ? 'bg-accent-600 text-white'
      : 'bg-neutral-100 text-neutral-800 hover:bg-neutral-200 dark:bg-neutral-800 dark:text-neutral-200 dark:hover:bg-neutral-700'
  }`;
const input =
  'h-10 w-full rounded-md border border-neutral-300 bg-white px-3 tabular-nums dark:border-neutral-700 dark:bg-neutral-900';
const muted = 'text-neutral-600 dark:text-neutral-400';
const primary =
  'inline-flex min-h-11 w-full items-center justify-center rounded-md bg-accent-600 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-700 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-accent-600';

type Outcome = 0 | 1;

const sharesOf = (centishares: number) => formatShares(centishares / 100);
/** What a field that holds no number is told (typed-number.ts reads what people type). */
const NOT_A_NUMBER = (what: string, example: string) =>
  `Type ${what} as a number, like ${example} (a point for decimals, commas only between thousands).`;
const dollarsOf = (base: number) => formatDollars(base / 1e6);

interface TicketProps {
  market: TradableMarket;
  book: LiveBook | null;
  /** The outcome traded: the book beside it shows the same one, and a pick in either moves both. */
  outcome: Outcome;
  onOutcomeChange: (outcome: Outcome) => void;
  /**
   * The market's name among the event's several ("Fulham"): its outcomes are then named with it ("Yes
   * (Fulham)") in the button, the answers and the refusals, which would otherwise not say which "Yes".
   */
  marketName?: string;
  /** Told the connected wallet's resting orders in this market (none until a trading session). */
  onOwnOrders?: (orders: OpenOrder[]) => void;
  /** The live connection is down: the book, and so the preview, are as they were when it dropped. */
  stale?: boolean;
}

const ignore = () => {};

function Ticket({
  market,
  book,
  outcome,
  onOutcomeChange,
  marketName,
  onOwnOrders = ignore,
  stale = false,
}: TicketProps) {
  const [walletOn, setWalletOn] = useState(walletRemembered);
  const [address, setAddress] = useState<string | null>(null);
  // What the connected wallet has free here and rests in this market, once a session reads it.
  const [wallet, setWallet] = useState<WalletInMarket | null>(null);
  useEffect(() => onOwnOrders(wallet?.orders ?? []), [wallet, onOwnOrders]);
  const walletMarket = useMemo(
    () =>
      ({
        conditionId: market.conditionId,
        tokens: [market.outcomes[0].tokenId, market.outcomes[1].tokenId],
        names: [
          withMarket(market.outcomes[0].label, marketName),
          withMarket(market.outcomes[1].label, marketName),
        ],
      }) as const,
    [market, marketName],
  );
  const [request, setRequest] = useState<PlaceRequest | null>(null);
  const [side, setSide] = useState<Side>('BUY');
  const [kind, setKind] = useState<TicketKind>('market');
  const [amountText, setAmountText] = useState('');
  const [limitText, setLimitText] = useState('');
  /** The order (ticketKey) whose warning was shown: pressing again signs that order, and only it. */
  const [warnedFor, setWarnedFor] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const ids = { amount: useId(), limit: useId(), preview: useId(), stale: useId(), refusal: useId() };
  // Once a wallet the reader connected by keyboard is on, the keyboard goes on at the order's amount.
  const amountInput = useRef<HTMLInputElement>(null);
  useTakeFocus(amountInput, address !== null);
  /** A change the reader makes: the last order's message was about another order, so it goes. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setMessage(null);
      set(value);
    };

  const levels = book ?? { bids: new Map<number, number>(), asks: new Map<number, number>() };
  const views = useMemo(() => (book ? [viewOf(book, 0), viewOf(book, 1)] : null), [book]);
  const view = views?.[outcome] ?? null;
  const tick = book?.tickSize ?? market.tick;
  const name = withMarket(market.outcomes[outcome].label, marketName);
  const inDollars = kind === 'market' && side === 'BUY';
  const amount = typedNumber(amountText);
  const limitPrice = Math.round(typedNumber(limitText) * 100);
  const preview = useMemo(
    () => previewTicket(levels, { outcome, side, kind, amount, limitPrice }),
    [levels, outcome, side, kind, amount, limitPrice],
  );
  // A market buy's Max: what others sell now, when that is less than the free cash (base units). Worked
  // out on a market buy's ticket only: the book changes with every live message.
  const buyMost = useMemo(
    () =>
      wallet && inDollars
        ? marketBuyMost(levels, outcome, wallet.cash, ownLevels(wallet.orders, market.outcomes[0].tokenId))
        : 0,
    [levels, outcome, wallet, market, inDollars],
  );
  const mid =
    view && view.bestBid !== null && view.bestAsk !== null
      ? (view.bestBid + view.bestAsk) / 2
      : (view?.lastTrade ?? null);

  /**
   * Why the ticket cannot be sent as it is, before anything is signed, and the field it is about (none:
   * the order as a whole), which is marked invalid and described by it.
   */
  // A market buy of more than others sell now (by a cent or more): what they do sell, said once for the
  // refusal and the note below the figures.
  const unspent = kind === 'market' && preview?.budget !== undefined ? preview.budget - preview.cash : 0;
  const forSaleNow =
    preview && unspent >= 10_000 ? `Only ${dollarsOf(preview.cash)} of ${name} is for sale now` : null;
  const problem = ((): { text: string; field: 'amount' | 'limit' | null } | null => {
    const amountIs = (text: string) => ({ text, field: 'amount' as const });
    const limitIs = (text: string) => ({ text, field: 'limit' as const });
    if (!amountText.trim())
      return amountIs(inDollars ? 'Enter an amount in dollars.' : 'Enter a number of shares.');
    if (!Number.isFinite(amount))
      return amountIs(NOT_A_NUMBER(inDollars ? 'the amount in dollars' : 'the shares', '12.5'));
    if (!(amount > 0))
      return amountIs(inDollars ? 'The amount must be more than $0.' : 'The shares must be more than 0.');
    // Beyond what any balance here can hold (and a number keeps exact): nothing to preview or sign.
    if (!Number.isSafeInteger(Math.round(amount * 100) * 10_000))
      return amountIs(
        inDollars
          ? 'That is more money than any account here holds.'
          : 'That is more shares than anyone here holds.',
      );
    // Dollars go in cents as shares go in hundredths: never rounded where the reader cannot see it.
    if (typedHundredths(amountText) === null) {
      const below = Math.floor(amount * 100);
      if (inDollars)
        return amountIs(
          below === 0
            ? 'Amounts go in cents: the smallest is $0.01.'
            : `Amounts go in cents: try ${formatDollars(below / 100)} or ${formatDollars((below + 1) / 100)}.`,
        );
      return amountIs(
        below === 0
          ? 'Shares go in hundredths: the smallest order is 0.01.'
          : `Shares go in hundredths: try ${sharesOf(below)} or ${sharesOf(below + 1)}.`,
      );
    }
    if (kind === 'limit') {
      if (!limitText.trim()) return limitIs('Enter a limit price in cents.');
      if (!Number.isFinite(typedNumber(limitText)))
        // An example the market takes: 42.5¢ only where the tick is finer than a cent.
        return limitIs(NOT_A_NUMBER('the limit price in cents', tick % 100 === 0 ? '42' : '42.5'));
      // "$0.30", or "0.3" where no price is below a cent, is a price in dollars: the field is in cents.
      const typed = typedNumber(limitText);
      if (typed > 0 && typed < 1 && (/^\s*\$/.test(limitText) || tick % 100 === 0)) {
        const units = Math.round(typed * PRICE_UNITS);
        return limitIs(`Prices go in cents: type ${units / 100} for ${formatCents(units)}.`);
      }
      if (!(limitPrice >= tick && limitPrice <= PRICE_UNITS - tick))
        return limitIs(
          `The price must be between ${formatCents(tick)} and ${formatCents(PRICE_UNITS - tick)}.`,
        );
      if (limitPrice % tick !== 0) {
        const below = Math.floor(limitPrice / tick) * tick;
        return limitIs(
          `Prices move in steps of ${formatCents(tick)}: try ${formatCents(below)} or ${formatCents(below + tick)}.`,
        );
      }
      if (Math.round(amount * 100) < market.minSize)
        return amountIs(`The smallest order that can rest is ${sharesOf(market.minSize)} shares.`);
    }
    const whole = (text: string) => ({ text, field: null });
    // Known before signing once a session reads the wallet (the order's own steps check again).
    if (preview && wallet && address) {
      const short = uncovered(
        { side, ...preview },
        side === 'BUY' ? wallet.cash : wallet.shares[outcome],
        name,
        withMarket(market.outcomes[outcome === 0 ? 1 : 0].label, marketName),
      );
      // A market buy past the book's depth as well: both are said, since both change what to type.
      if (short) return whole(forSaleNow ? `${short} ${forSaleNow}.` : short);
      // The book counts the wallet's own orders, which this order could not take: said before signing.
      const crossed = ownOrdersCrossed(
        { tokenId: market.outcomes[outcome].tokenId, side, price: preview.reach },
        wallet.orders,
      );
      if (crossed.length > 0) return whole(selfTradeSentence(crossed));
    }
    if (!preview)
      return whole(
        kind === 'market'
          ? `No one is ${side === 'BUY' ? 'selling' : 'buying'} ${name} right now${inDollars ? ', or the amount is too small for one hundredth of a share' : ''}. Try a limit order.`
          : 'Nothing to preview.',
      );
    return null;
  })();
  const refusal = problem?.text ?? null;
  // An empty amount is not an error to announce, nor one the answer below the button already gives.
  const said = amountText.trim() !== '' && problem !== null && !message?.text.startsWith(problem.text);
  const invalid = (field: 'amount' | 'limit') =>
    said && problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': ids.refusal } : {};

  // The figures of an order that cannot be sent as it is would mislead: none until it can.
  const shown = refusal ? null : preview;
  // A market order takes what the book holds now and drops the rest: say so when that is not all of it.
  const shortfall = (() => {
    if (!preview || refusal || kind !== 'market') return null;
    if (forSaleNow) return `${forSaleNow}: the other ${dollarsOf(unspent)} would not be spent.`;
    const asked = Math.round(amount * 100);
    if (side === 'SELL' && preview.size < asked)
      return `Only ${sharesOf(preview.size)} of the ${sharesOf(asked)} shares can be sold now: the bids run out there, and the rest would not be sold.`;
    return null;
  })();
  const past = previewPastMid(preview, side, mid);
  const far = past > FAR_FROM_MID;
  const ticketKey = JSON.stringify([outcome, side, kind, amountText, limitText]);
  // Any change of the order takes the warning back, even a return to the warned values.
  if (warnedFor !== null && warnedFor !== ticketKey) setWarnedFor(null);
  const confirming = far && warnedFor === ticketKey;
  const verb = side === 'BUY' ? 'buy' : 'sell';
  const priceWords =
    preview === null
      ? ''
      : kind === 'limit'
        ? `at ${formatCents(preview.price)}`
        : side === 'BUY'
          ? `at up to ${formatCents(preview.price)}`
          : `at no less than ${formatCents(preview.price)}`;
  const label = preview
    ? `Sign to ${verb} ${sharesOf(preview.size)} ${name} ${priceWords}`
    : `Sign to ${verb} ${name}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (refusal || !preview || working) return;
    if (far && !confirming) {
      setWarnedFor(ticketKey);
      return;
    }
    setWarnedFor(null);
    setMessage(null);
    setWorking('Asking your wallet…');
    setRequest((last) => ({
      id: (last?.id ?? 0) + 1,
      tokenId: market.outcomes[outcome].tokenId,
      conditionId: market.conditionId,
      reach: preview.reach,
      negRisk: market.negRisk,
      side,
      price: preview.price,
      size: preview.size,
      ...(preview.budget === undefined ? {} : { budget: preview.budget }),
      orderType: kind === 'limit' ? 'GTC' : 'FAK',
      outcomeName: name,
      restsInPart: kind === 'limit' && preview.resting > 0,
    }));
  }
  const onResult = useCallback((result: Message) => {
    setMessage(result);
    if (result.tone === 'ok' && !result.text.startsWith('Session')) setAmountText('');
  }, []);

  const outcomePrice = (i: Outcome) => {
    const v = views?.[i];
    return formatCents((side === 'BUY' ? v?.bestAsk : v?.bestBid) ?? null);
  };
  const chips = inDollars ? [1, 5, 10, 100] : [5, 10, 50, 100];
  // All that is free for this order, in hundredths, once a session knows it: the shares a sell can
  // sell, or the dollars a market buy can spend.
  const freeCash = wallet && address && inDollars ? Math.floor(Number(wallet.cash) / 10_000) / 100 : 0;
  const most =
    wallet && address && side === 'SELL'
      ? Math.floor(Number(wallet.shares[outcome]) / 10_000) / 100
      : freeCash > 0
        ? buyMost / 1e6
        : 0;
  const busy = working !== null;

  return (
    <form onSubmit={submit} className="space-y-3" aria-describedby={ids.preview} noValidate>
      <fieldset className="flex gap-1">
        <legend className="sr-only">Buy or sell</legend>
        {(['BUY', 'SELL'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={side === s}
            className={segment(side === s)}
            onClick={() => edit(setSide)(s)}
          >
            {s === 'BUY' ? 'Buy' : 'Sell'}
          </button>
        ))}
      </fieldset>
      <fieldset className="flex gap-1">
        <legend className="sr-only">Outcome</legend>
        {market.outcomes.map((o, i) => (
          <button
            key={o.tokenId}
            type="button"
            aria-pressed={outcome === i}
            className={segment(outcome === i)}
            onClick={() => edit(onOutcomeChange)(i as Outcome)}
            title={o.label}
          >
            <span className="truncate">{o.label}</span>{' '}
            <span className="ml-1.5 shrink-0 tabular-nums">{outcomePrice(i as Outcome)}</span>
          </button>
        ))}
      </fieldset>
      <fieldset className="flex gap-1">
        <legend className="sr-only">Order type</legend>
        {(['market', 'limit'] as const).map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={kind === k}
            className={segment(kind === k)}
            onClick={() => edit(setKind)(k)}
          >
            {k === 'market' ? 'Market' : 'Limit'}
          </button>
        ))}
      </fieldset>
      {kind === 'limit' && (
        <div className="space-y-1">
          <label htmlFor={ids.limit} className="text-sm font-medium">
            Limit price (¢)
          </label>
          <input
            id={ids.limit}
            inputMode="decimal"
            autoComplete="off"
            className={input}
            value={limitText}
            placeholder={view?.bestBid !== null && view ? String((view.bestBid ?? 0) / 100) : '50'}
            onChange={(e) => edit(setLimitText)(e.target.value)}
            {...invalid('limit')}
          />
        </div>
      )}
      <div className="space-y-1">
        <label htmlFor={ids.amount} className="text-sm font-medium">
          {inDollars ? 'Amount ($)' : 'Shares'}
        </label>
        <input
          ref={amountInput}
          id={ids.amount}
          inputMode="decimal"
          autoComplete="off"
          className={input}
          value={amountText}
          onChange={(e) => edit(setAmountText)(e.target.value)}
          {...invalid('amount')}
        />
        <div className="flex flex-wrap gap-1">
          {chips.map((chip) => (
            <button
              key={chip}
              type="button"
              aria-label={`Add ${inDollars ? `$${chip}` : `${chip} shares`}`}
              className="h-8 rounded-md border border-neutral-300 px-2 text-xs tabular-nums hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
              onClick={() => edit(setAmountText)(String(Number((typedNumber(amountText) || 0) + chip)))}
            >
              +{inDollars ? `$${chip}` : chip}
            </button>
          ))}
          {most > 0 && (
            <button
              type="button"
              aria-label={
                !inDollars
                  ? `Max: sell all ${sharesOf(most * 100)} free ${name} shares`
                  : most < freeCash
                    ? `Max: spend ${formatDollars(most)}, all of ${name} others sell now`
                    : `Max: spend all your free cash, ${formatDollars(most)}`
              }
              className="h-8 rounded-md border border-neutral-300 px-2 text-xs hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
              onClick={() => edit(setAmountText)(String(most))}
            >
              Max
            </button>
          )}
        </div>
      </div>
      {stale && book && (
        <p id={ids.stale} role="status" className={STALE_NOTE}>
          Prices as they were when the live connection dropped. An order you send now meets the exchange's
          book as it is then, within your price limit.
        </p>
      )}
      <dl
        id={ids.preview}
        className={`grid grid-cols-2 gap-x-3 gap-y-1 text-sm tabular-nums ${stale && book ? STALE_FRAME : ''}`}
        aria-label="Preview"
        {...(stale && book ? { 'aria-describedby': ids.stale } : {})}
      >
        <dt className={muted}>Average price</dt>
        <dd className="text-right">{shown?.averagePrice != null ? formatCents(shown.averagePrice) : '—'}</dd>
        <dt className={muted}>Shares {shown && shown.resting > 0 ? '(now / resting)' : ''}</dt>
        <dd className="text-right">
          {shown
            ? shown.resting > 0
              ? `${sharesOf(shown.filled)} / ${sharesOf(shown.resting)}`
              : sharesOf(shown.filled)
            : '—'}
        </dd>
        <dt className={muted}>{side === 'BUY' ? 'Cost' : 'You receive'}</dt>
        <dd className="text-right">{shown ? dollarsOf(shown.commitment) : '—'}</dd>
        {side === 'BUY' && (
          <>
            <dt className={muted}>To win</dt>
            <dd className="text-right">{shown ? dollarsOf(shown.payout) : '—'}</dd>
          </>
        )}
        <dt className={muted}>Price impact</dt>
        <dd className="text-right">{shown?.impact != null ? formatCents(shown.impact) : '—'}</dd>
      </dl>
      {wallet && address && (
        <p className={`text-sm ${muted}`}>
          Free to trade: {formatDollarsDown(Number(wallet.cash) / 1e6)} ·{' '}
          {formatSharesDown(Number(wallet.shares[outcome]) / 1e6)} {name}
        </p>
      )}
      {shortfall && (
        <p className="text-sm text-amber-800 dark:text-amber-300" role="status">
          {shortfall}
        </p>
      )}
      {said && (
        <p id={ids.refusal} className="text-sm text-red-700 dark:text-red-400" role="alert">
          {refusal}
        </p>
      )}
      {confirming && preview && mid !== null && (
        <p
          role="alert"
          className="rounded-md border border-amber-500 bg-amber-50 p-2 text-sm dark:bg-amber-950"
        >
          This order can trade at {formatCents(preview.reach)}, {formatCents(past)}{' '}
          {side === 'BUY' ? 'above' : 'below'} the midpoint {formatCents(mid)}. Press the button again to sign
          it anyway.
        </p>
      )}
      {address ? (
        // aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's top
        // while the order works or once the amount is cleared; submit() ignores it meanwhile.
        <button type="submit" className={primary} aria-disabled={busy || refusal !== null}>
          {confirming ? `Confirm: ${label.charAt(0).toLowerCase()}${label.slice(1)}` : label}
        </button>
      ) : (
        !walletOn && (
          <>
            <button
              type="button"
              className={primary}
              onClick={() => {
                handOffFocus();
                setWalletOn(true);
              }}
            >
              Connect a wallet to trade
            </button>
            {/* Said before anyone is asked to connect or sign, not only after. */}
            <p className={`text-sm ${muted}`}>
              Paper money only: a new wallet is given some to trade with, and nothing real is at stake.
            </p>
          </>
        )
      )}
      {walletOn && (
        <Suspense fallback={<p className={`text-sm ${muted}`}>Loading the wallet…</p>}>
          <TicketWallet
            request={request}
            market={walletMarket}
            onWallet={setWallet}
            onConnected={setAddress}
            onWorking={setWorking}
            onResult={onResult}
          />
        </Suspense>
      )}
      <p aria-live="polite" className={`text-sm ${muted}`}>
        {working ?? ''}
      </p>
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`text-sm ${message.tone === 'error' ? 'text-red-700 dark:text-red-400' : 'text-green-800 dark:text-green-300'}`}
        >
          {message.text}
          <FailureLink fixAt={message.fixAt} />
        </p>
      )}
    </form>
  );
}

/** The trade ticket: a lazy chunk the book panel loads after hydration (its wallet part is another). */

export default function TicketPanel(props: TicketProps) {
  return <Ticket {...props} />;
}
