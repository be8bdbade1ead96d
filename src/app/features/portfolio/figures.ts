import type { Account, Position } from './api/account';

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

/** The account's summary in dollars: free cash, positions' value, their total, and profit or loss. */
export function accountSummary(account: Account): {
  cash: number;
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
  return { cash, value, total: cash + value, profit };
}

/** A decimal price of the API ("0.3967") in the book's units (3967), for formatCents. */
export const priceUnits = (decimal: string): number => Math.round(Number(decimal) * 10_000);
