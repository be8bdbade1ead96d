import { formatExact } from '../../../lib/format';
import { formatCents, formatShares, priceUnits } from '../../../lib/live/figures';
import type { Account } from '../api/account';
import { type Links, MarketLink } from './market-link';
import { muted, table, td, th } from './styles';

type Trade = Account['trades'][number];

const isoOf = (seconds: string) => new Date(Number(seconds) * 1000).toISOString();

/**
 * A trade in the reader's own terms. As a maker, the trade's side, outcome and size are the taker's:
 * the reader's part is their own resting orders met (maker_address is the reader's in either case).
 */
export function ownPart(t: Trade): { words: string; shares: number; price: number } {
  if (t.trader_side === 'TAKER')
    return {
      words: `${t.side === 'BUY' ? 'Bought' : 'Sold'} ${t.outcome}`,
      shares: Number(t.size),
      price: priceUnits(t.price),
    };
  const mine = t.maker_orders.filter((m) => m.maker_address.toLowerCase() === t.maker_address.toLowerCase());
  const first = mine[0];
  if (!first)
    return { words: `Filled your order (${t.outcome})`, shares: Number(t.size), price: priceUnits(t.price) };
  const shares = mine.reduce((n, m) => n + Number(m.matched_amount), 0);
  const paid = mine.reduce((n, m) => n + Number(m.matched_amount) * priceUnits(m.price), 0);
  return {
    words: `${first.side === 'BUY' ? 'Bought' : 'Sold'} ${first.outcome} (your order filled)`,
    shares,
    price: shares > 0 ? Math.round(paid / shares) : priceUnits(first.price),
  };
}

export function HistoryTable({ trades, links }: { trades: Trade[]; links: Links }) {
  if (trades.length === 0) return <p className={muted}>No trades yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className={table}>
        <caption className="sr-only">Trade history, newest first</caption>
        <thead>
          <tr>
            <th className={th}>When</th>
            <th className={th}>Market</th>
            <th className={th}>Side</th>
            <th className={`${th} text-right`}>Shares</th>
            <th className={`${th} text-right`}>Price</th>
          </tr>
        </thead>
        <tbody>
          {trades.map((t) => {
            const own = ownPart(t);
            return (
              <tr key={t.id}>
                <td className={td}>
                  {/* The zone named, as the event pages name theirs. */}
                  <time dateTime={isoOf(t.match_time)}>{formatExact(isoOf(t.match_time))}</time>
                </td>
                <td className={td}>
                  <MarketLink links={links} market={t.market} />
                </td>
                <td className={td}>{own.words}</td>
                <td className={`${td} text-right`}>{formatShares(own.shares)}</td>
                <td className={`${td} text-right`}>{formatCents(own.price)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
