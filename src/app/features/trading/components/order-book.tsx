import { ColumnHeads } from './column-heads';
import { useState } from 'react';
import { Flash } from './flash';
import { formatCents, formatDollars, formatShares } from '../../../lib/live/figures';
import type { BookView, Level } from '../../../lib/live/book-state';
import { PRICE_UNITS } from '../../../lib/live/figures';
import type { OwnLevels } from '../own-levels';

const NONE_OWN: OwnLevels = { bids: new Map(), asks: new Map() };

/** Levels a side shows until "Show more" (UI brief). */
export const LEVELS_SHOWN = 8;
const LEVELS_MORE = 30;

function Row({
  level,
  side,
  deepest,
  mine,
}: {
  level: Level;
  side: 'ask' | 'bid';
  deepest: number;
  /** The connected wallet's shares resting at this level (0: none). */
  mine: number;
}) {
  // The bar is drawn from the first cell, a third of the fixed-layout row: 300% of it spans the row.
  const width = deepest > 0 ? `${Math.max(2, (level.cumulative / deepest) * 100) * 3}%` : '0%';
  return (
    <tr className="relative h-7 text-sm tabular-nums">
      <th
        scope="row"
        className={`relative px-2 text-left font-medium ${side === 'ask' ? 'text-red-800 dark:text-red-300' : 'text-green-800 dark:text-green-300'}`}
      >
        {/* The depth bar sits behind the row: the side's running total against the deepest side. */}
        <span
          aria-hidden="true"
          className={`absolute inset-y-0.5 left-0 -z-10 rounded-sm ${side === 'ask' ? 'bg-red-500/15' : 'bg-green-500/15'}`}
          style={{ width }}
        />
        <span className="sr-only">{side === 'ask' ? 'Ask ' : 'Bid '}</span>
        {formatCents(level.price)}
        {mine > 0 && (
          <span
            aria-hidden="true"
            title={`Yours: ${formatShares(mine)} shares`}
            className="ml-1.5 inline-block size-1.5 rounded-full bg-accent-600 align-middle dark:bg-accent-300"
          />
        )}
      </th>
      <td className="px-2 text-right">
        <Flash value={level.size}>{formatShares(level.size)}</Flash>
        {mine > 0 && <span className="sr-only">, {formatShares(mine)} of them yours</span>}
      </td>
      <td className="px-2 text-right text-neutral-600 dark:text-neutral-400">
        {formatDollars((level.price / PRICE_UNITS) * level.size)}
      </td>
    </tr>
  );
}

/**
 * One outcome's book: asks above (best nearest the middle), the spread and last trade between, bids
 * below; each level with price, shares and its value, and a depth bar of the running total.
 */
export function OrderBook({
  view,
  outcome,
  own = NONE_OWN,
}: {
  view: BookView;
  outcome: string;
  /** The connected wallet's resting shares by price, in this outcome's terms. */
  own?: OwnLevels;
}) {
  const [more, setMore] = useState(false);
  const shown = more ? LEVELS_MORE : LEVELS_SHOWN;
  const asks = view.asks.slice(0, shown);
  const bids = view.bids.slice(0, shown);
  const deepest = Math.max(asks.at(-1)?.cumulative ?? 0, bids.at(-1)?.cumulative ?? 0);
  const hidden = view.asks.length > LEVELS_SHOWN || view.bids.length > LEVELS_SHOWN;
  return (
    <div>
      <table className="isolate w-full table-fixed border-collapse">
        <caption className="sr-only">
          Order book for {outcome}: asks from the highest shown to the best, then bids from the best down
        </caption>
        <ColumnHeads names={['Price', 'Shares', 'Total']} />
        <tbody>
          {asks.length === 0 ? (
            <tr>
              <td colSpan={3} className="px-2 py-1 text-sm text-neutral-600 dark:text-neutral-400">
                No asks yet
              </td>
            </tr>
          ) : (
            [...asks]
              .reverse()
              .map((l) => (
                <Row key={l.price} level={l} side="ask" deepest={deepest} mine={own.asks.get(l.price) ?? 0} />
              ))
          )}
          <tr className="border-y border-neutral-200 text-xs text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
            <td colSpan={3} className="px-2 py-1.5">
              <span className="tabular-nums">
                Spread {view.spread === null ? '—' : formatCents(view.spread)}
              </span>
              <span className="mx-2" aria-hidden="true">
                ·
              </span>
              <span className="sr-only">, </span>
              <span className="tabular-nums">
                Last{' '}
                <Flash value={view.lastTrade}>
                  {view.lastTrade === null ? '—' : formatCents(view.lastTrade)}
                </Flash>
              </span>
            </td>
          </tr>
          {bids.length === 0 ? (
            <tr>
              <td colSpan={3} className="px-2 py-1 text-sm text-neutral-600 dark:text-neutral-400">
                No bids yet
              </td>
            </tr>
          ) : (
            bids.map((l) => (
              <Row key={l.price} level={l} side="bid" deepest={deepest} mine={own.bids.get(l.price) ?? 0} />
            ))
          )}
        </tbody>
      </table>
      {(own.bids.size > 0 || own.asks.size > 0) && (
        <p className="mt-1 px-2 text-xs text-neutral-600 dark:text-neutral-400">
          <span
            aria-hidden="true"
            className="mr-1.5 inline-block size-1.5 rounded-full bg-accent-600 align-middle dark:bg-accent-300"
          />
          Your resting orders
        </p>
      )}
      {hidden && (
        <button
          type="button"
          aria-expanded={more}
          onClick={() => setMore((v) => !v)}
          className="mt-1 rounded px-2 py-1 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
        >
          {more ? 'Show fewer levels' : 'Show more levels'}
        </button>
      )}
    </div>
  );
}
