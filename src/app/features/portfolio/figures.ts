import type { Position } from '../../../contract/trading';
import { centsDown } from '../../lib/live/figures';
import type { Account } from './api/account';

/**
 * A position's figures in dollars: what it is worth at the current price, what its shares cost at
 * their average buy price, and the difference. Shares held back by resting sells count: they are held.
 */
export function positionFigures(p: Position): { value: number; cost: number; profit: number } {
  const size = Number(p.size);
  const value = size * Number(p.cur_price);
  const cost = size * Number(p.avg_price);
  return { value, cost, profit: value - cost };
}

/** Collateral the open buy orders hold back (dollars): what is left of each at its price. */
export function heldByOrders(orders: Account['orders']): number {
  let held = 0;
  for (const o of orders)
    if (o.side === 'BUY') held += (Number(o.original_size) - Number(o.size_matched)) * Number(o.price);
  return held;
}

const inCents = (dollars: number) => Math.round(dollars * 100) / 100;

/**
 * The account's summary in dollars: free cash, cash held by open buys, positions' value, their total
 * (held cash is still the reader's: a cancel gives it back), the paper money credited, and profit or loss:
 * unrealised on the shares held (at today's prices against their average cost) and realised by sells.
 */
export function accountSummary(account: Account): {
  cash: number;
  held: number;
  value: number;
  total: number;
  credited: number;
  profit: number;
  realised: number;
} {
  // Each part in whole cents, as it is shown, so the shown parts add up to the shown total.
  let value = 0;
  let profit = 0;
  for (const p of account.positions) {
    const f = positionFigures(p);
    value += inCents(f.value);
    profit += inCents(f.profit);
  }
  // Free cash is what one can spend: rounded down, never shown as more than it is.
  const cash = centsDown(Number(account.cash) / 1e6);
  const held = inCents(heldByOrders(account.orders));
  return {
    cash,
    held,
    value,
    total: cash + held + value,
    credited: Number(account.summary.credited),
    profit,
    realised: Number(account.summary.realized_pnl),
  };
}

/** Where the paper money came from, in a few words: the starting grant, and an operator's top-ups. */
export function creditsNote(credits: Account['summary']['credits']): string {
  const grant = credits.some((c) => c.reason === 'grant');
  const topUps = credits.filter((c) => c.reason === 'fund').length;
  const more = topUps === 1 ? '1 top-up' : `${topUps} top-ups`;
  if (grant) return topUps === 0 ? 'Starting grant of paper money' : `Starting grant + ${more}`;
  return topUps === 0 ? 'None yet' : `${more} from the operator`;
}
