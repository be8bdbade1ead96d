import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { Event } from '../../../../contract/catalog';
import { StatusBadges } from '../../../components/badge';
import { EventImage } from '../../../components/event-image';
import { formatExact, formatMoney, formatMoneyExact, formatRelative } from '../../../lib/format';
import { useExactZone } from '../../../lib/use-hydrated';
import { useNow } from '../../../lib/use-now';
import { isTradable, marketsInOrder } from '../../../lib/event-summary';
import { EventDescription } from './event-description';
import { MarketBlock } from './market-block';
import { MoreInSeries } from './more-in-series';
import { ShareButtons } from './share-button';
import { StarButton } from '../../../components/star-button';
import { LiveButton } from '../../../components/live-button';

const MARKETS_SHOWN = 10;
const chipClass =
  'inline-flex h-7 items-center rounded-full border border-neutral-300 px-3 text-xs font-medium hover:border-accent-500 hover:text-accent-700 dark:border-neutral-700 dark:hover:text-accent-300';

function Money({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-xs text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums" title={formatMoneyExact(value)}>
        {formatMoney(value)}
      </dd>
    </div>
  );
}

/** A date, relative (kept current) and exact; `pastLabel` replaces `label` once it has passed. */
function When({ label, pastLabel = label, iso }: { label: string; pastLabel?: string; iso: string }) {
  const now = useNow();
  const zone = useExactZone();
  return (
    <div>
      <dt className="text-xs text-neutral-600 dark:text-neutral-400">
        {Date.parse(iso) < now ? pastLabel : label}
      </dt>
      <dd className="text-lg font-semibold tabular-nums">
        <time dateTime={iso} title={formatExact(iso, zone)}>
          {formatRelative(iso, now)}
        </time>
        <span className="block text-xs font-normal text-neutral-600 dark:text-neutral-400">
          {formatExact(iso, zone)}
        </span>
      </dd>
    </div>
  );
}

function Markets({ event, onTrade }: { event: Event; onTrade?: ((marketId: string) => void) | undefined }) {
  const [showAll, setShowAll] = useState(false);
  const ranked = marketsInOrder(event.markets);
  // A card's Trade button picks its book: only where there is more than one book to pick.
  const tradable = new Set(ranked.filter(isTradable).map((view) => view.market.id));
  const shown = showAll ? ranked : ranked.slice(0, MARKETS_SHOWN);
  return (
    <section aria-labelledby="markets-heading" className="space-y-3">
      <h2 id="markets-heading" className="text-lg font-semibold">
        {ranked.length === 1 ? 'Market' : `Markets (${ranked.length})`}
      </h2>
      <div className="grid gap-3 lg:grid-cols-2">
        {shown.map((view) => (
          <MarketBlock
            key={view.market.id}
            view={view}
            closed={(view.market as { closed?: unknown }).closed === true}
            onTrade={
              onTrade && tradable.size > 1 && tradable.has(view.market.id)
                ? () => onTrade(view.market.id)
                : undefined
            }
          />
        ))}
      </div>
      {ranked.length > MARKETS_SHOWN && (
        <LiveButton
          aria-expanded={showAll}
          onClick={() => setShowAll((v) => !v)}
          className="rounded-md border border-neutral-300 px-3 py-1.5 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
        >
          {showAll ? `Show the first ${MARKETS_SHOWN}` : `Show all ${ranked.length} markets`}
        </LiveButton>
      )}
    </section>
  );
}

/**
 * The event page: header, key figures, the price chart and the live book (slots: each is its own
 * feature, loaded apart), markets, description, and other events of its series.
 */
export function EventDetails({
  event,
  chart,
  book,
  onTrade,
}: {
  event: Event;
  chart?: ReactNode;
  book?: ReactNode;
  /** Shows a market's book and ticket (the book slot's choice). */
  onTrade?: (marketId: string) => void;
}) {
  const { tags, series } = event;
  return (
    <article className="space-y-6" aria-labelledby="event-title">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <EventImage src={event.image} size={72} eager className="hidden sm:block" />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex items-start gap-3">
            <EventImage src={event.image} size={48} eager className="sm:hidden" />
            <h1 id="event-title" className="text-2xl leading-tight font-semibold wrap-anywhere sm:text-3xl">
              {event.title}
            </h1>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadges active={event.active} closed={event.closed} showOpen />
            {series.map((s) => (
              <Link key={`s${s.id}`} to="/series/$seriesId" params={{ seriesId: s.id }} className={chipClass}>
                {/* Seen, not only heard: a series and a tag often share a name ("NFL"). The name is its
                    text (an aria-label would differ from what is seen, which axe refuses). */}
                <span className="mr-1 text-neutral-500 dark:text-neutral-400">
                  Series<span className="sr-only">: </span>
                </span>
                {s.title}
              </Link>
            ))}
            {tags.map((tag) => (
              <Link key={`t${tag.id}`} to="/tags/$tagId" params={{ tagId: tag.id }} className={chipClass}>
                <span className="sr-only">Tag: </span>
                {tag.label}
              </Link>
            ))}
          </div>
        </div>
        <div className="flex items-start gap-2">
          <StarButton slug={event.slug} title={event.title} labelled />
          <ShareButtons slug={event.slug} title={event.title} />
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border border-neutral-200 p-3 sm:grid-cols-3 lg:grid-cols-5 dark:border-neutral-800">
        <Money label="Volume" value={event.volume} />
        <Money label="24 h volume" value={event.volume24hr} />
        <Money label="Liquidity" value={event.liquidity} />
        {/* The catalog's start date is when the event opened for trading, not a game's kick-off. */}
        <When label="Opens" pastLabel="Opened" iso={event.startDate} />
        {/* An open event past its end date still trades until it is closed (as on the reference,
            where a market trades until it resolves): not "Ended" while the book is live. */}
        <When label="Ends" pastLabel={event.closed ? 'Ended' : 'End date passed'} iso={event.endDate} />
      </dl>
      {chart}
      {book}
      <Markets event={event} onTrade={onTrade} />
      <EventDescription text={event.description} />
      {series[0] && <MoreInSeries series={series[0]} exclude={event.id} />}
    </article>
  );
}
