import { ColumnHeads } from './column-heads';
import { formatRelative } from '../../../lib/format';
import { formatCents, formatShares } from '../../../lib/live/figures';
import type { Trade } from '../../../lib/live/book-state';
import { useNow } from '../../../lib/use-now';

/**
 * The last trades, newest on top: price, shares, the taker's side in words, and when. `recordRead`: the
 * market's earlier trades were read (else only those since the page opened are here). `volume`: the
 * catalog's, which a market listed with a history of trading elsewhere has without a trade here.
 */
export function TradeTape({
  trades,
  recordRead,
  volume,
}: {
  trades: readonly Trade[];
  recordRead: boolean;
  volume: number;
}) {
  const now = useNow();
  if (trades.length === 0)
    return (
      <p className="px-2 py-3 text-sm text-neutral-600 dark:text-neutral-400">
        {!recordRead
          ? 'No trades since you opened this page (earlier trades could not be loaded).'
          : volume > 0
            ? 'No trades on this book yet: the market’s volume is from its trading before it was listed here.'
            : 'No trades yet in this market.'}{' '}
        New trades print here as they happen.
      </p>
    );
  return (
    <table className="w-full table-fixed text-sm tabular-nums">
      <caption className="sr-only">Last trades, newest first</caption>
      <ColumnHeads names={['Price', 'Shares', 'Side', 'Time']} />
      <tbody>
        {trades.map((t) => (
          <tr key={t.id} className="h-7">
            <td className="px-2">{formatCents(t.price)}</td>
            <td className="px-2 text-right">{formatShares(t.size)}</td>
            <td
              className={`px-2 text-right ${t.side === 'BUY' ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
            >
              {t.side === 'BUY' ? 'Buy' : 'Sell'}
            </td>
            <td className="px-2 text-right text-neutral-600 dark:text-neutral-400">
              <time dateTime={new Date(t.at).toISOString()}>
                {formatRelative(new Date(t.at).toISOString(), Math.max(now, t.at))}
              </time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
