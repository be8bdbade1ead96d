import { describe, expect, it } from 'vitest';
import type { Account } from './api/account';
import { accountSummary, creditsNote } from './figures';

describe('where the paper money came from', () => {
  const grant = { amount: '1000', reason: 'grant' as const, created_at: 1 };
  const topUp = { amount: '250', reason: 'fund' as const, created_at: 2 };
  it('names the grant and counts the operator’s top-ups', () => {
    expect(creditsNote([grant])).toBe('Starting grant of paper money');
    expect(creditsNote([grant, topUp, topUp])).toBe('Starting grant + 2 top-ups');
    // A server started with no grant: only what its operator added, or nothing yet.
    expect(creditsNote([topUp])).toBe('1 top-up from the operator');
    expect(creditsNote([])).toBe('None yet');
  });
});

describe('the account summary', () => {
  it('adds up the parts as shown, in whole cents', () => {
    // A trial saw $965.25 + $31.73 shown with a total of $996.97: $965.2451 + $31.7253 unrounded.
    const account = {
      cash: 965_245_100n,
      positions: [
        {
          asset_id: '1',
          market: 'c',
          outcome: 'Yes',
          size: '32.25',
          reserved: '0',
          avg_price: '0.62',
          cur_price: '0.98373',
        },
      ],
      orders: [],
      trades: [],
      summary: { credited: '1000', credits: [], realized_pnl: '0' },
    } as Account;
    const s = accountSummary(account);
    // Free cash is rounded down ($965.2451 is $965.24 one can spend), the rest to the nearest cent.
    expect([s.cash, s.value, s.total]).toEqual([965.24, 31.73, 996.97]);
  });
});
