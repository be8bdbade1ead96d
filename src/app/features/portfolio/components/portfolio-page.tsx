import { Link } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useConnect, useConnection } from 'wagmi';
import { grouped } from '../../../lib/format';
import { useSession } from '../../../lib/wallet/use-session';
import { useWalletChoices } from '../../../lib/wallet/use-wallet-choices';
import { type Account, cancelAll, cancelOrder, loadAccount, marketsByCondition } from '../api/account';

const muted = 'text-neutral-600 dark:text-neutral-400';
const button =
  'inline-flex h-9 items-center justify-center rounded-md bg-accent-600 px-3 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-60';
const secondary =
  'inline-flex h-8 items-center justify-center rounded-md border border-neutral-300 px-2 text-sm hover:bg-neutral-100 disabled:opacity-60 dark:border-neutral-700 dark:hover:bg-neutral-800';
const tab = (on: boolean) =>
  `inline-flex h-9 items-center rounded-md px-3 text-sm font-medium ${on ? 'bg-accent-600 text-white' : 'hover:bg-neutral-100 dark:hover:bg-neutral-800'}`;
const table = 'w-full text-left text-sm tabular-nums';
const th = 'px-2 py-1 font-medium text-neutral-600 dark:text-neutral-400';
const td = 'border-t border-neutral-200 px-2 py-1.5 dark:border-neutral-800';

/** $1,234.05, -$3.10 */
function formatDollars(value: number): string {
  const c = Math.round(Math.abs(value) * 100);
  return `${value < 0 ? '-' : ''}$${grouped(Math.floor(c / 100))}.${String(c % 100).padStart(2, '0')}`;
}
const cents = (decimal: string) => `${Number((Number(decimal) * 100).toFixed(2))}¢`;
const shares = (decimal: string) => String(Number(Number(decimal).toFixed(2)));

type Tab = 'positions' | 'orders' | 'history';
type Links = Map<string, { slug: string; question: string }>;

function Connect() {
  const { choices, ready } = useWalletChoices();
  const connect = useConnect();
  return (
    <div className="space-y-2">
      <p>Connect the wallet you trade with to see its balance, positions, open orders and trades.</p>
      {ready && choices.length === 0 && (
        <p className={muted}>No browser wallet found: install one, then reload.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {choices.map((c) => (
          <button
            key={c.connector.uid}
            type="button"
            className={button}
            onClick={() => connect.mutate({ connector: c.connector })}
          >
            Connect {c.name}
          </button>
        ))}
      </div>
    </div>
  );
}

function MarketLink({ links, market, fallback }: { links: Links; market: string; fallback: string }) {
  const found = links.get(market);
  if (!found) return <span>{fallback}</span>;
  return (
    <Link to="/e/$slug" params={{ slug: found.slug }} className="underline-offset-2 hover:underline">
      {found.question}
    </Link>
  );
}

/**
 * The Portfolio (CONTRACT B15, UI brief): cash, positions with value and profit or loss, open orders
 * (cancel one or all), trade history. Read with the session key; read again after each action (the
 * user channel's live updates are not wired yet).
 */
export function PortfolioPage() {
  const connection = useConnection();
  const { session, ensure, end } = useSession();
  const [account, setAccount] = useState<Account | null>(null);
  const [links, setLinks] = useState<Links>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<Tab>('positions');

  const refresh = useCallback(async () => {
    if (!session) return;
    try {
      const next = await loadAccount(session);
      setAccount(next);
      const ids = [
        ...new Set([
          ...next.positions.map((p) => p.market),
          ...next.orders.map((o) => o.market),
          ...next.trades.map((t) => t.market),
        ]),
      ];
      setLinks(await marketsByCondition(ids));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Could not load the account.');
    }
  }, [session]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function act(what: () => Promise<string>) {
    setBusy(true);
    setProblem(null);
    try {
      setNotice(await what());
      await refresh();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'That did not work.');
    } finally {
      setBusy(false);
    }
  }

  let body: ReactNode;
  if (connection.status !== 'connected') body = <Connect />;
  else if (!session)
    body = (
      <div className="space-y-2">
        <p>
          Reading your account needs a trading session: your wallet signs once, and the key stays in this tab
          only.
        </p>
        <button
          type="button"
          className={button}
          disabled={busy}
          onClick={() =>
            void act(async () => {
              await ensure();
              return 'Session started.';
            })
          }
        >
          Sign to start a session
        </button>
      </div>
    );
  else if (!account) body = <p className={muted}>Loading your account…</p>;
  else {
    const value = account.positions.reduce((sum, p) => sum + Number(p.size) * Number(p.cur_price), 0);
    const cost = account.positions.reduce((sum, p) => sum + Number(p.size) * Number(p.avg_price), 0);
    const cash = Number(account.cash) / 1e6;
    body = (
      <div className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Summary">
          {[
            ['Cash (free)', formatDollars(cash)],
            ['Positions value', formatDollars(value)],
            ['Total', formatDollars(cash + value)],
            ['Profit or loss', formatDollars(value - cost)],
          ].map(([label, figure]) => (
            <div key={label} className="rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
              <dt className={`text-sm ${muted}`}>{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{figure}</dd>
            </div>
          ))}
        </dl>
        <fieldset className="flex gap-1">
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
              onClick={() => setCurrent(id)}
            >
              {label}
            </button>
          ))}
        </fieldset>
        {current === 'positions' &&
          (account.positions.length === 0 ? (
            <p className={muted}>No positions yet. Buy an outcome from an event page's trade ticket.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className={table}>
                <caption className="sr-only">Positions</caption>
                <thead>
                  <tr>
                    <th className={th}>Market</th>
                    <th className={th}>Outcome</th>
                    <th className={`${th} text-right`}>Shares</th>
                    <th className={`${th} text-right`}>Avg</th>
                    <th className={`${th} text-right`}>Now</th>
                    <th className={`${th} text-right`}>Value</th>
                    <th className={`${th} text-right`}>P/L</th>
                  </tr>
                </thead>
                <tbody>
                  {account.positions.map((p) => (
                    <tr key={p.asset_id}>
                      <td className={td}>
                        <MarketLink links={links} market={p.market} fallback={p.market.slice(0, 10)} />
                      </td>
                      <td className={td}>{p.outcome}</td>
                      <td className={`${td} text-right`}>{shares(p.size)}</td>
                      <td className={`${td} text-right`}>{cents(p.avg_price)}</td>
                      <td className={`${td} text-right`}>{cents(p.cur_price)}</td>
                      <td className={`${td} text-right`}>
                        {formatDollars(Number(p.size) * Number(p.cur_price))}
                      </td>
                      <td className={`${td} text-right`}>
                        {formatDollars(Number(p.size) * (Number(p.cur_price) - Number(p.avg_price)))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        {current === 'orders' &&
          (account.orders.length === 0 ? (
            <p className={muted}>
              No open orders. A limit order that does not fill at once rests here until you cancel it.
            </p>
          ) : (
            <div className="space-y-2">
              <button
                type="button"
                className={secondary}
                disabled={busy}
                onClick={() =>
                  void act(async () => `Cancelled ${(await cancelAll(session)).canceled.length} orders.`)
                }
              >
                Cancel all
              </button>
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
                    {account.orders.map((o) => (
                      <tr key={o.id}>
                        <td className={td}>
                          <MarketLink links={links} market={o.market} fallback={o.market.slice(0, 10)} />
                        </td>
                        <td className={td}>
                          {o.side === 'BUY' ? 'Buy' : 'Sell'} {o.outcome}
                        </td>
                        <td className={`${td} text-right`}>{cents(o.price)}</td>
                        <td className={`${td} text-right`}>
                          {shares(o.size_matched)} / {shares(o.original_size)}
                        </td>
                        <td className={`${td} text-right`}>
                          <button
                            type="button"
                            className={secondary}
                            disabled={busy}
                            aria-label={`Cancel ${o.side === 'BUY' ? 'buy' : 'sell'} ${shares(o.original_size)} ${o.outcome} at ${cents(o.price)}`}
                            onClick={() =>
                              void act(async () =>
                                (await cancelOrder(session, o.id)).canceled.length
                                  ? 'Order cancelled.'
                                  : 'That order was no longer open.',
                              )
                            }
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
          ))}
        {current === 'history' &&
          (account.trades.length === 0 ? (
            <p className={muted}>No trades yet.</p>
          ) : (
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
                  {account.trades.map((t) => (
                    <tr key={t.id}>
                      <td className={td}>{new Date(Number(t.match_time) * 1000).toLocaleString()}</td>
                      <td className={td}>
                        <MarketLink links={links} market={t.market} fallback={t.market.slice(0, 10)} />
                      </td>
                      <td className={td}>
                        {t.trader_side === 'TAKER'
                          ? t.side === 'BUY'
                            ? 'Bought'
                            : 'Sold'
                          : 'Filled your order'}{' '}
                        {t.outcome}
                      </td>
                      <td className={`${td} text-right`}>{shares(t.size)}</td>
                      <td className={`${td} text-right`}>{cents(t.price)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        <p className={`text-xs ${muted}`}>
          Figures are read again after each action here; they do not yet update live.{' '}
          <button
            type="button"
            className="underline underline-offset-2"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await end();
                return 'Session ended: its key is revoked.';
              })
            }
          >
            End session
          </button>
        </p>
      </div>
    );
  }

  return (
    <section aria-labelledby="portfolio-heading" className="space-y-4">
      <h1 id="portfolio-heading" className="text-2xl font-semibold">
        Portfolio
      </h1>
      {body}
      <p role="status" className="text-sm">
        {notice}
      </p>
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </section>
  );
}
