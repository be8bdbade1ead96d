import type { Position } from '../../../contract/trading';
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

/**
 * The account's summary in dollars: free cash, cash held by open buys, positions' value, their total
 * (held cash is still the reader's: a cancel gives it back), and profit or loss.
 */
export function accountSummary(account: Account): {
  cash: number;
  held: number;
  value: number;
  total: number;
  profit: number;
} {
  let value = 0;
  let profit = 0;
  for (const p of account.positions) {
    const f = positionFigures(p);
    value += f.value;
    profit += f.profit;
  }
  const cash = Number(account.cash) / 1e6;
  const held = heldByOrders(account.orders);
  return { cash, held, value, total: cash + held + value, profit };
}

/** A decimal price of the API ("0.3967") in the book's units (3967), for formatCents. */
export const priceUnits = (decimal: string): number => Math.round(Number(decimal) * 10_000);
