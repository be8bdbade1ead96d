import { useState } from 'react';
import { formatCents, formatShares } from '../../../lib/live/figures';
import type { Account } from '../api/account';
import { priceUnits } from '../figures';
import { type Links, MarketLink } from './market-link';
import { muted, secondary, table, td, th } from './styles';

type Order = Account['orders'][number];

interface Props {
  orders: Order[];
  links: Links;
  busy: boolean;
  onCancel(order: Order): void;
  onCancelAll(): void;
}

const describe = (o: Order) =>
  `${o.side === 'BUY' ? 'buy' : 'sell'} ${formatShares(Number(o.original_size))} ${o.outcome} at ${formatCents(priceUnits(o.price))}`;

export function OrdersTable({ orders, links, busy, onCancel, onCancelAll }: Props) {
  // Cancelling every order is asked once more in place; the safe answer takes the focus.
  const [asking, setAsking] = useState(false);
  if (orders.length === 0)
    return (
      <p className={muted}>
        No open orders. A limit order that does not fill at once rests here until you cancel it.
      </p>
    );
  return (
    <div className="space-y-2">
      {asking ? (
        <fieldset
          className="flex flex-wrap items-center gap-2"
          onKeyDown={(event) => event.key === 'Escape' && setAsking(false)}
        >
          <legend className="sr-only">Cancel every open order?</legend>
          <span className="text-sm">
            {orders.length === 1 ? 'Cancel your open order?' : `Cancel all ${orders.length} open orders?`}
          </span>
          <button
            type="button"
            className={secondary}
            disabled={busy}
            onClick={() => {
              setAsking(false);
              onCancelAll();
            }}
          >
            Cancel them all
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: the question just appeared; the safe answer takes the focus */}
          <button type="button" className={secondary} autoFocus onClick={() => setAsking(false)}>
            Keep them
          </button>
        </fieldset>
      ) : (
        <button type="button" className={secondary} disabled={busy} onClick={() => setAsking(true)}>
          Cancel all
        </button>
      )}
      <div className="overflow-x-auto">
        <table className={table}>
          <caption className="sr-only">Open orders</caption>
          <thead>
            <tr>
              <th className={th}>Market</th>
              <th className={th}>Side</th>
              <th className={`${th} text-right`}>Price</th>
              <th className={`${th} text-right`}>Filled / size</th>
              <th className={th}>
                <span className="sr-only">Cancel</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id}>
                <td className={td}>
                  <MarketLink links={links} market={o.market} />
                </td>
                <td className={td}>
                  {o.side === 'BUY' ? 'Buy' : 'Sell'} {o.outcome}
                </td>
                <td className={`${td} text-right`}>{formatCents(priceUnits(o.price))}</td>
                <td className={`${td} text-right`}>
                  {formatShares(Number(o.size_matched))} / {formatShares(Number(o.original_size))}
                </td>
                <td className={`${td} text-right`}>
                  <button
                    type="button"
                    className={secondary}
                    disabled={busy}
                    aria-label={`Cancel ${describe(o)}`}
                    onClick={() => onCancel(o)}
                  >
                    Cancel
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
