import { Link } from '@tanstack/react-router';
import type { Event } from '../../../../contract/catalog';
import { StatusBadges } from '../../../components/badge';
import { EventImage } from '../../../components/event-image';
import { EndsWithExact } from '../../../components/ends-text';
import { formatMoney, formatMoneyExact, formatPercent } from '../../../lib/format';
import { dayChangePoints, isMultiMarket, mainMarket, marketsInOrder } from '../../../lib/event-summary';
import { DayChange } from './day-change';
import { StarButton } from '../../../components/star-button';
import { useHydrated } from '../../../lib/use-hydrated';
import { lazy, type Ref, Suspense, useRef, useState } from 'react';
import { marketName } from '../../../../contract/market-name';
import { yesOutcome } from '../../../lib/decode-market';

const MAX_TAGS = 3;
const MAX_MARKETS = 3;

function Figure({
  label,
  short,
  value,
  title,
}: {
  label: string;
  short: string;
  value: string;
  title?: string;
}) {
  return (
    <div className="sm:text-right" title={title}>
      <span className="sr-only">{label}: </span>
      <span aria-hidden="true" className="sm:hidden">
        {short}{' '}
      </span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}

// What makes a row live (its markets' books, while on screen) loads after hydration, never in a first load.
const LiveRowFeed = lazy(() => import('./live-row-feed'));

/** One event in a list; once hydrated, its prices follow the live books while it is on screen. */
export function EventRow({ event }: { event: Event }) {
  const row = useRef<HTMLLIElement>(null);
  // The live view of `event` (null: as listed); one of an earlier `event` is not shown.
  const [live, setLive] = useState<{ of: Event; shown: Event } | null>(null);
  const hydrated = useHydrated();
  return (
    <>
      {live?.of === event ? (
        <EventRowView event={live.shown} live ref={row} />
      ) : (
        <EventRowView event={event} ref={row} />
      )}
      {hydrated && (
        <Suspense fallback={null}>
          <LiveRowFeed event={event} row={row} onChange={setLive} />
        </Suspense>
      )}
    </>
  );
}

/** One event in a list: the whole row opens the event; tag chips are their own links above it. */
export function EventRowView({
  event,
  live = false,
  ref,
}: {
  event: Event;
  /** Shown as the live books have it (moves are marked). */
  live?: boolean;
  ref?: Ref<HTMLLIElement>;
}) {
  const ranked = marketsInOrder(event.markets);
  const multi = isMultiMarket(event);
  const main = mainMarket(event);
  // A Yes/No question shows its Yes chance, as the event page and the embed card do, even when No is
  // likelier: a big "61%" beside a question reads as the chance it happens. Other markets: the leading
  // outcome, named under the figure.
  const leading = main?.headline ?? null;
  // "Yes" names no answer among several: the market's own name does.
  const leadingLabel =
    leading && main && multi && leading === yesOutcome(main.decoded)
      ? marketName(main.market) || leading.label
      : leading?.label;
  const tags = event.tags.slice(0, MAX_TAGS);

  return (
    <li
      ref={ref}
      className="relative grid grid-cols-[2.5rem_1fr_auto] gap-x-3 gap-y-1 border-b border-neutral-200 px-2 py-3 hover:bg-neutral-50 focus-within:bg-neutral-50 sm:grid-cols-[2.5rem_1fr_9rem_5.5rem_5.5rem] sm:items-center dark:border-neutral-800 dark:hover:bg-neutral-900 dark:focus-within:bg-neutral-900"
    >
      <EventImage src={event.image} size={40} className="row-span-2 sm:row-span-1" />
      <div className="min-w-0">
        <h2 className="text-[15px] leading-snug font-medium">
          <Link
            to="/e/$slug"
            params={{ slug: event.slug }}
            data-row-link
            className="line-clamp-2 wrap-anywhere rounded after:absolute after:inset-0 after:content-[''] hover:text-accent-700 dark:hover:text-accent-300"
          >
            {event.title}
          </Link>
        </h2>
        {multi && (
          <ul
            className="mt-1 max-w-md space-y-0.5 text-xs text-neutral-600 dark:text-neutral-400"
            aria-label="Top markets"
          >
            {ranked
              // An open event's resolved markets (a "by <date>" rung already past) are its history.
              .filter(({ market }) => event.closed || !market.closed)
              .slice(0, MAX_MARKETS)
              .map(({ market, headline }) => (
                <li key={market.id} className="flex gap-2">
                  <span className="min-w-0 flex-1 truncate" title={market.question}>
                    {marketName(market)}
                  </span>
                  <span className="shrink-0 tabular-nums font-medium text-neutral-800 dark:text-neutral-200">
                    {headline ? `${headline.label} ${formatPercent(headline.price)}` : '—'}
                  </span>
                </li>
              ))}
          </ul>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-400">
          <StarButton slug={event.slug} title={event.title} className="relative z-10 -my-1 -ml-1.5" />
          <StatusBadges active={event.active} closed={event.closed} />
          <EndsWithExact iso={event.endDate} closed={event.closed} />
          {tags.map((tag) => (
            <Link
              key={tag.id}
              to="/tags/$tagId"
              params={{ tagId: tag.id }}
              className="relative z-10 rounded bg-neutral-100 px-1.5 py-0.5 text-neutral-700 hover:bg-accent-50 hover:text-accent-700 dark:bg-neutral-800 dark:text-neutral-300 dark:hover:bg-accent-900 dark:hover:text-white"
            >
              {tag.label}
            </Link>
          ))}
        </div>
      </div>
      <div className="text-right sm:order-none">
        <div className="text-xl leading-none font-semibold tabular-nums">
          {/* A live price that moves is marked briefly: a new key replays the mark (styles.css). */}
          <span key={leading?.price ?? ''} className={live ? 'flash-change' : undefined}>
            {formatPercent(leading?.price ?? null)}
          </span>
        </div>
        {/* Two lines before it is cut: "increase interest rates by 25 bps" must not read "increas…". */}
        <div className="mt-0.5 flex max-w-40 items-start justify-end gap-1 sm:max-w-none text-xs text-neutral-600 sm:ml-auto dark:text-neutral-400">
          <span className="line-clamp-2 min-w-0 wrap-anywhere" title={leadingLabel}>
            {leading ? leadingLabel : 'no price'}
          </span>
          {/* An ended event's last day is history, not a move to watch. */}
          {main && !event.closed && <DayChange points={dayChangePoints(main, leading)} />}
        </div>
      </div>
      <div className="col-start-2 col-end-4 flex gap-3 text-xs text-neutral-600 sm:contents sm:text-sm dark:text-neutral-400">
        <Figure
          label="Volume"
          short="Vol"
          value={formatMoney(event.volume)}
          title={`Volume ${formatMoneyExact(event.volume)}`}
        />
        <Figure
          label="24 h volume"
          short="24h"
          value={formatMoney(event.volume24hr)}
          title={`24 h volume ${formatMoneyExact(event.volume24hr)}`}
        />
      </div>
    </li>
  );
}
