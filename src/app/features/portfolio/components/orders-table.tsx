import { useEffect, useRef, useState } from 'react';
import { formatCents, formatShares, priceUnits } from '../../../lib/live/figures';
import { restingWords } from '../../../lib/resting-words';
import type { Account } from '../api/account';
import { type Links, MarketLink } from './market-link';
import { TableScroll } from './table-scroll';
import { muted, secondary, table, td, th } from './styles';

type Order = Account['orders'][number];

interface Props {
  orders: Order[];
  links: Links;
  busy: boolean;
  onCancel(order: Order): void;
  onCancelAll(): void;
}

export function OrdersTable({ orders, links, busy, onCancel, onCancelAll }: Props) {
  // Cancelling every order is asked once more in place; the safe answer takes the focus.
  const [asking, setAsking] = useState(false);
  // The row whose cancel was pressed: its button goes while the list is read again, so once it is read
  // the focus goes to the cancel button now in its place (or the last), or to the empty list's words.
  const refocus = useRef<number | null>(null);
  const rows = useRef<HTMLTableSectionElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list read again arrives (orders) or the work ends (busy).
  useEffect(() => {
    const at = refocus.current;
    if (at === null || busy) return;
    refocus.current = null;
    const buttons = rows.current?.querySelectorAll('button');
    if (!buttons || buttons.length === 0) empty.current?.focus();
    else buttons[Math.min(at, buttons.length - 1)]?.focus();
  }, [orders, busy]);
  if (orders.length === 0)
    return (
      <p ref={empty} tabIndex={-1} className={`${muted} focus:outline-none`}>
        No open orders. A limit order that does not fill at once rests here until you cancel it.
      </p>
    );
  // One open order is asked about as one: "Cancel it / Keep it", not "Cancel them all".
  const one = orders.length === 1;
  const question = one ? 'Cancel your open order?' : `Cancel all ${orders.length} open orders?`;
  return (
    <div className="space-y-2">
      {asking ? (
        <fieldset
          className="flex flex-wrap items-center gap-2"
          onKeyDown={(event) => event.key === 'Escape' && setAsking(false)}
        >
          {/* The question is the group's name: said once, read by a screen reader as shown. */}
          <legend className="sr-only">{question}</legend>
          <span className="text-sm" aria-hidden="true">
            {question}
          </span>
          <button
            type="button"
            className={secondary}
            disabled={busy}
            onClick={() => {
              setAsking(false);
              refocus.current = 0;
              onCancelAll();
            }}
          >
            {one ? 'Cancel it' : 'Cancel them all'}
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: the question just appeared; the safe answer takes the focus */}
          <button type="button" className={secondary} autoFocus onClick={() => setAsking(false)}>
            {one ? 'Keep it' : 'Keep them'}
          </button>
        </fieldset>
      ) : (
        <button type="button" className={secondary} disabled={busy} onClick={() => setAsking(true)}>
          Cancel all
        </button>
      )}
      <TableScroll label="Open orders">
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
          <tbody ref={rows}>
            {orders.map((o, i) => (
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
                    aria-label={`Cancel ${restingWords(o)}`}
                    onClick={() => {
                      refocus.current = i;
                      onCancel(o);
                    }}
                  >
                    Cancel
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
