import { formatCents, formatDollars, formatShares, priceUnits } from '../../../lib/live/figures';
import type { Position } from '../../../../contract/trading';
import { positionFigures } from '../figures';
import { type Links, MarketLink } from './market-link';
import { TableScroll } from './table-scroll';
import { muted, table, td, th } from './styles';

const profitTone = (profit: number) =>
  Math.round(profit * 100) > 0
    ? 'text-green-800 dark:text-green-300'
    : Math.round(profit * 100) < 0
      ? 'text-red-700 dark:text-red-400'
      : '';

export function PositionsTable({
  positions,
  links,
  traded = false,
}: {
  positions: Position[];
  links: Links;
  /** The account has trades: no position now is not "none yet" (all sold, say). */
  traded?: boolean;
}) {
  if (positions.length === 0)
    return (
      <p className={muted}>
        {traded
          ? "No positions now: your past trades are under History. Buy an outcome from an event page's trade ticket."
          : "No positions yet. Buy an outcome from an event page's trade ticket."}
      </p>
    );
  return (
    <TableScroll label="Positions">
      <table className={table}>
        <caption className="sr-only">Positions</caption>
        <thead>
          <tr>
            <th className={th}>Market</th>
            <th className={th}>Outcome</th>
            <th className={`${th} text-right`}>Shares</th>
            <th className={`${th} hidden text-right sm:table-cell`}>Avg</th>
            <th className={`${th} hidden text-right sm:table-cell`}>Now</th>
            <th className={`${th} text-right`}>Value</th>
            <th className={`${th} text-right`}>P/L</th>
          </tr>
        </thead>
        <tbody>
          {positions.map((p) => {
            const f = positionFigures(p);
            const avg = formatCents(priceUnits(p.avg_price));
            const now = formatCents(priceUnits(p.cur_price));
            return (
              <tr key={p.asset_id}>
                <td className={td}>
                  <MarketLink links={links} market={p.market} />
                </td>
                <td className={td}>{p.outcome}</td>
                <td className={`${td} text-right`}>
                  {formatShares(Number(p.size))}
                  {/* Phones have no room for the price columns: the prices go under the shares. */}
                  <span className={`block text-xs sm:hidden ${muted}`}>
                    {avg} → {now}
                  </span>
                </td>
                <td className={`${td} hidden text-right sm:table-cell`}>{avg}</td>
                <td className={`${td} hidden text-right sm:table-cell`}>{now}</td>
                <td className={`${td} text-right`}>{formatDollars(f.value)}</td>
                <td className={`${td} text-right ${profitTone(f.profit)}`}>{formatDollars(f.profit)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
