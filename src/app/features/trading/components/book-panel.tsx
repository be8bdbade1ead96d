import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { LiveIndicator } from './live-indicator';
import { formatCents, formatShares } from '../../../lib/live/figures';
import { viewOf } from '../../../lib/live/book-state';
import { useLiveBook, useLiveStatus } from '../../../lib/live/use-live';
import type { Event } from '../../../../contract/catalog';
import { marketTradesQueryOptions } from '../api/market-trades';
import type { OpenOrder } from '../../../../contract/trading';
import { ownLevels } from '../own-levels';
import { type TradableMarket, tradableMarkets, withMarket } from '../tradable';
import { BookSkeleton } from './book-skeleton';
import { STALE_FRAME, STALE_NOTE } from '../stale-style';
import type { BookChoice } from './book-section';
import { OrderBook } from './order-book';
import { TradeTape } from './trade-tape';

// The ticket (wagmi, viem, signing) is a chunk of its own, asked for only by an event page's book.
const TicketPanel = lazy(() => import('../ticket/ticket-panel'));

const tabClass = (on: boolean) =>
  `inline-flex h-8 min-w-0 items-center rounded-md px-3 text-sm font-medium ${
    on
      ? 'bg-accent-600 text-white'
      : 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800'
  }`;

/** Announces each new trade politely, only while the reader asked for it (off by default). */
function TradeAnnouncer({ on, text }: { on: boolean; text: string | null }) {
  return (
    <span className="sr-only" aria-live="polite">
      {on && text ? text : ''}
    </span>
  );
}

/** In place of a book or tape that never arrived: the live connection is failing (it keeps trying). */
function Unreachable() {
  return (
    <p
      role="status"
      className="rounded-md border border-dashed border-neutral-300 p-3 text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400"
    >
      The exchange cannot be reached right now. This shows as soon as the connection is back.
    </p>
  );
}

/** `named`: the event has several markets, so what is shown says which one. */
function MarketBook({ market, named }: { market: TradableMarket; named: boolean }) {
  const [outcome, setOutcome] = useState<0 | 1>(0);
  const [announce, setAnnounce] = useState(false);
  // The connected wallet's resting orders here, as the ticket's session reads them: marked in the book.
  const [own, setOwn] = useState<readonly OpenOrder[]>([]);
  const mine = useMemo(
    () => ownLevels(own, market.outcomes[outcome].tokenId),
    [own, market.outcomes, outcome],
  );
  // A socket message re-renders its readers at once (a store's update is synchronous): the book's
  // levels and tape follow as deferred work, in slices that leave the page responsive.
  const book = useDeferredValue(useLiveBook(market.bookToken));
  // The trades before this page opened, under the ones that print live.
  const recorded = useQuery(marketTradesQueryOptions(market.conditionId));
  const view = useMemo(
    () => (book ? viewOf(book, outcome, recorded.data ?? []) : null),
    [book, outcome, recorded.data],
  );
  // While the connection is down the levels may be out of date: shown dimmed, not as current.
  const status = useLiveStatus();
  const stale = status === 'reconnecting' || status === 'refused';
  // No book yet, and the connection has failed: say so, rather than keep the placeholders for ever.
  const waiting = stale && !view ? <Unreachable /> : <BookSkeleton />;
  // Trades while it was down never print: the record has them once it is back.
  const wasStale = useRef(false);
  const { refetch } = recorded;
  useEffect(() => {
    if (wasStale.current && status === 'open') void refetch();
    wasStale.current = stale;
  }, [stale, status, refetch]);
  const name = withMarket(market.outcomes[outcome].label, named ? market.name : undefined);
  const announceId = useId();
  const staleId = useId();
  const latest = view?.tape[0];
  // Announce a trade once (by its hash: a recorded trade may print live a moment later), and never the
  // tape a snapshot, the record or an outcome switch brings.
  const announced = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  useEffect(() => {
    if (!latest || latest.hash === announced.current) return;
    const first = announced.current === null;
    announced.current = latest.hash;
    // Anyone's trade, not the reader's: worded so it is not taken for one's own fill.
    if (!first)
      setAnnouncement(
        `Trade: ${formatShares(latest.size)} ${name} ${latest.side === 'BUY' ? 'bought' : 'sold'} at ${formatCents(latest.price)}`,
      );
  }, [latest, name]);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <fieldset className="flex gap-1">
          <legend className="sr-only">Outcome</legend>
          {market.outcomes.map((o, i) => (
            <button
              key={o.tokenId}
              type="button"
              aria-pressed={outcome === i}
              onClick={() => setOutcome(i as 0 | 1)}
              className={tabClass(outcome === i)}
              title={o.label}
            >
              {/* A long outcome name is cut short here; the title and the accessible name keep it whole. */}
              <span className="truncate">{o.label}</span>
            </button>
          ))}
        </fieldset>
        <div className="flex items-center gap-3 text-xs">
          <LiveIndicator />
          <label
            htmlFor={announceId}
            className="inline-flex items-center gap-1.5 text-neutral-600 dark:text-neutral-400"
          >
            <input
              id={announceId}
              type="checkbox"
              checked={announce}
              onChange={(e) => setAnnounce(e.target.checked)}
              className="size-3.5 accent-accent-600"
            />
            Announce trades
          </label>
        </div>
      </div>
      <TradeAnnouncer on={announce} text={announcement} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {/* Marked, not dimmed: old levels must not pass for current, and must stay readable. */}
        <section
          aria-label={`Order book, ${name}`}
          className={stale && view ? `self-start ${STALE_FRAME}` : undefined}
          {...(stale && view ? { 'aria-describedby': staleId } : {})}
        >
          {stale && view && (
            <p id={staleId} className={`mb-1 ${STALE_NOTE}`}>
              As it was when the live connection dropped: waiting for it.
            </p>
          )}
          {view ? <OrderBook view={view} outcome={name} own={mine} /> : waiting}
        </section>
        {/* Mobile: right below the book, so its button is reached before the tape. */}
        <section aria-labelledby="ticket-heading" className="md:order-last" data-trade-ticket>
          <h3 id="ticket-heading" className="mb-2 text-sm font-semibold wrap-anywhere">
            {named ? `Trade: ${market.name}` : 'Trade'}
          </h3>
          <Suspense fallback={<BookSkeleton />}>
            <TicketPanel
              key={market.id}
              market={market}
              book={book}
              outcome={outcome}
              onOutcomeChange={setOutcome}
              {...(named ? { marketName: market.name } : {})}
              onOwnOrders={setOwn}
              stale={stale}
            />
          </Suspense>
        </section>
        <section aria-labelledby="tape-heading">
          <h3 id="tape-heading" className="mb-1 px-2 text-sm font-semibold">
            Last trades
          </h3>
          {view && !recorded.isPending ? (
            <TradeTape trades={view.tape} recordRead={recorded.isSuccess} volume={market.volume} />
          ) : (
            waiting
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * The event page's live book: pick a market (when the event has several), an outcome (its book is the
 * mirror of the other's), and watch levels and trades change. A lazy chunk, loaded after hydration
 * (book-section.tsx).
 */
export default function BookPanel({ event, market: chosen, onMarket }: { event: Event } & BookChoice) {
  const markets = useMemo(() => tradableMarkets(event), [event]);
  const pickerId = useId();
  if (markets.length === 0)
    return (
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        None of this event's markets can be traded here (they need two outcomes with tokens).
      </p>
    );
  const market = markets.find((m) => m.id === chosen) ?? markets[0]!;
  return (
    <>
      {markets.length > 1 && (
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <label htmlFor={pickerId} className="text-neutral-600 dark:text-neutral-400">
            Market
          </label>
          <select
            id={pickerId}
            value={market.id}
            onChange={(e) => onMarket(e.target.value === markets[0]!.id ? undefined : e.target.value)}
            className="h-8 max-w-full min-w-0 truncate rounded-md border border-neutral-300 bg-white px-2 sm:max-w-[24rem] dark:border-neutral-700 dark:bg-neutral-900"
          >
            {markets.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <MarketBook key={market.id} market={market} named={markets.length > 1} />
    </>
  );
}
