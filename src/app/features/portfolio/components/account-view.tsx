import { useRef, useState } from 'react';
import { useTakeFocus } from '../../../lib/focus-handoff';
import { formatDollars } from '../../../lib/live/figures';
import type { Account } from '../api/account';
import { accountSummary, creditsNote } from '../figures';
import { HistoryTable } from './history-table';
import type { Links } from './market-link';
import { OrdersTable } from './orders-table';
import { PositionsTable } from './positions-table';
import { muted } from './styles';

type Tab = 'positions' | 'orders' | 'history';

const tab = (on: boolean) =>
  `inline-flex h-9 items-center rounded-md px-3 text-sm font-medium ${on ? 'bg-accent-600 text-white' : 'hover:bg-neutral-100 dark:hover:bg-neutral-800'}`;

interface Props {
  account: Account;
  links: Links;
  busy: boolean;
  onCancel(order: Account['orders'][number]): void;
  onCancelAll(): void;
  /** Another tab was chosen: what was said about the last action is said and done. */
  onTab?(): void;
}

/** The account as read: summary figures, then positions, open orders or trade history. */
export function AccountView({ account, links, busy, onCancel, onCancelAll, onTab }: Props) {
  const [current, setCurrent] = useState<Tab>('positions');
  const summary = accountSummary(account);
  // Opened by keyboard ("Sign to start a session"): the focus goes on at the figures it read.
  const figures = useRef<HTMLDListElement>(null);
  useTakeFocus(figures);
  return (
    <div className="space-y-4">
      <dl ref={figures} tabIndex={-1} className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Summary">
        {(
          [
            ['Cash (free)', summary.cash],
            ['Positions value', summary.value],
            ['Total', summary.total],
            ['Paper money received', summary.credited],
            // Of the positions held now, at today's prices: shares sold are no longer in it.
            ['Unrealised profit or loss', summary.profit],
            // What sells made or lost against the average cost of the shares then held.
            ['Realised profit or loss', summary.realised],
          ] as const
        ).map(([label, figure]) => (
          <div key={label} className="rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
            <dt className={`text-sm ${muted}`}>{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatDollars(figure)}</dd>
            {label === 'Cash (free)' && summary.held >= 0.005 && (
              <dd className={`text-xs ${muted}`}>+ {formatDollars(summary.held)} held by open orders</dd>
            )}
            {label === 'Paper money received' && (
              <dd className={`text-xs ${muted}`}>{creditsNote(account.summary.credits)}</dd>
            )}
          </div>
        ))}
      </dl>
      <fieldset className="flex flex-wrap gap-1">
        <legend className="sr-only">Portfolio sections</legend>
        {(
          [
            ['positions', `Positions (${account.positions.length})`],
            ['orders', `Open orders (${account.orders.length})`],
            ['history', `History (${account.trades.length})`],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            aria-pressed={current === id}
            className={tab(current === id)}
            onClick={() => {
              if (id !== current) onTab?.();
              setCurrent(id);
            }}
          >
            {label}
          </button>
        ))}
      </fieldset>
      {current === 'positions' && (
        <PositionsTable positions={account.positions} links={links} traded={account.trades.length > 0} />
      )}
      {current === 'orders' && (
        <OrdersTable
          orders={account.orders}
          links={links}
          busy={busy}
          onCancel={onCancel}
          onCancelAll={onCancelAll}
        />
      )}
      {current === 'history' && <HistoryTable trades={account.trades} links={links} />}
    </div>
  );
}
