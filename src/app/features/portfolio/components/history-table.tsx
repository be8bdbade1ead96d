import { formatExact } from '../../../lib/format';
import {
  formatCents,
  formatDollarsFine,
  formatShares,
  PRICE_UNITS,
  priceUnits,
} from '../../../lib/live/figures';
import type { Account } from '../api/account';
import { type Links, MarketLink } from './market-link';
import { TableScroll } from './table-scroll';
import { muted, table, td, th } from './styles';

type Trade = Account['trades'][number];

const isoOf = (seconds: string) => new Date(Number(seconds) * 1000).toISOString();

type Maker = Trade['maker_orders'][number];

/** Base units of collateral (10^-6 dollars) for shares at a price: hundredths of a share × 1/10,000 dollars. */
const baseUnits = (shares: string | number, price: number) => Math.round(Number(shares) * 100) * price;

/**
 * A trade in the reader's own terms, with the dollars that changed hands for it. As a maker, the trade's
 * side, outcome and size are the taker's: the reader's part is their own resting orders met
 * (maker_address is the reader's in either case). A taker paid each maker's price on the same outcome,
 * and its complement where the maker was on the other one (the two bought or sold a full set together).
 */
export function ownPart(t: Trade): { words: string; shares: number; price: number; dollars: number } {
  if (t.trader_side === 'TAKER') {
    const paidTo = (m: Maker) =>
      baseUnits(
        m.matched_amount,
        m.outcome === t.outcome ? priceUnits(m.price) : PRICE_UNITS - priceUnits(m.price),
      );
    const units = t.maker_orders.length
      ? t.maker_orders.reduce((n, m) => n + paidTo(m), 0)
      : baseUnits(t.size, priceUnits(t.price));
    return {
      words: `${t.side === 'BUY' ? 'Bought' : 'Sold'} ${t.outcome}`,
      shares: Number(t.size),
      price: priceUnits(t.price),
      dollars: units / 1e6,
    };
  }
  const mine = t.maker_orders.filter((m) => m.maker_address.toLowerCase() === t.maker_address.toLowerCase());
  const first = mine[0];
  if (!first)
    return {
      words: `Filled your order (${t.outcome})`,
      shares: Number(t.size),
      price: priceUnits(t.price),
      dollars: baseUnits(t.size, priceUnits(t.price)) / 1e6,
    };
  const shares = mine.reduce((n, m) => n + Number(m.matched_amount), 0);
  const units = mine.reduce((n, m) => n + baseUnits(m.matched_amount, priceUnits(m.price)), 0);
  return {
    words: `${first.side === 'BUY' ? 'Bought' : 'Sold'} ${first.outcome} (your order filled)`,
    shares,
    price: shares > 0 ? Math.round(units / 100 / shares) : priceUnits(first.price),
    dollars: units / 1e6,
  };
}

export function HistoryTable({ trades, links }: { trades: Trade[]; links: Links }) {
  if (trades.length === 0) return <p className={muted}>No trades yet.</p>;
  return (
    <TableScroll label="Trade history, newest first">
      <table className={table}>
        <caption className="sr-only">Trade history, newest first</caption>
        <thead>
          <tr>
            <th className={th}>When</th>
            <th className={th}>Market</th>
            <th className={th}>Side</th>
            <th className={`${th} text-right`}>Shares</th>
            <th className={`${th} text-right`}>Price</th>
            <th className={`${th} text-right`}>Amount</th>
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
                {/* To the base unit where a fraction of a cent moved, so it adds up to the balance. */}
                <td className={`${td} text-right`}>{formatDollarsFine(own.dollars)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
